"""A home network made of Linux network namespaces, for the tests of playing from far away.

:func:`home_router` makes three namespaces joined by two virtual cables:

* ``home`` (the host's computer, 192.168.77.2; its default route is the router),
* ``router`` (192.168.77.1 on the home side, ``wan`` on the internet side) running
  Debian's ``miniupnpd`` with NAT in nftables: it forwards a port when asked with UPnP,
* ``internet`` (the relative's computer, the next address of ``wan``'s network; it has
  no route into the home, so it reaches the host only through a forwarded port).

Nothing is connected to the machine's own network: every packet stays in these
namespaces.  The namespaces, their cables and ``miniupnpd`` are removed on exit.
:func:`why_not` says why such a network cannot be made here (for a skip), or "".
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

#: Seconds any one command or wait of this module may take.
GUARD = 30.0

_NFT = """table inet filter {{
  chain forward {{
    type filter hook forward priority 0; policy drop;
    ct state established,related accept
    iifname "{lan}" oifname "{wan}" accept
    jump miniupnpd
  }}
  chain miniupnpd {{
  }}
  chain prerouting_miniupnpd {{
    type nat hook prerouting priority dstnat; policy accept;
  }}
  chain postrouting_miniupnpd {{
    type nat hook postrouting priority srcnat; policy accept;
  }}
  chain outbound {{
    type nat hook postrouting priority 110; policy accept;
    oifname "{wan}" masquerade
  }}
}}
"""
_MINIUPNPD = """ext_ifname={wan}
listening_ip={lan}
port=0
enable_natpmp=no
enable_upnp=yes
secure_mode=yes
system_uptime=yes
lease_file={lease}
uuid=3d3cec3a-8cf0-11e0-98ee-001a6bd2d07d
allow 1024-65535 192.168.77.0/24 1024-65535
deny 0-65535 0.0.0.0/0 0-65535
"""


def why_not() -> str:
    """Why namespaces with a UPnP router cannot be made on this machine, or "" when they can."""
    if sys.platform != "linux":
        return "network namespaces are Linux's"
    if os.geteuid() != 0:
        return "making network namespaces needs root"
    for tool, package in (("ip", "iproute2"), ("nft", "nftables"), ("miniupnpd", "miniupnpd")):
        if shutil.which(tool) is None and not Path(f"/usr/sbin/{tool}").exists():
            return f"no {tool} here (apt-get install {package})"
    probe = f"cluprobe{os.getpid() % 100000}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True, timeout=GUARD)
    if made.returncode:
        return f"ip netns add failed: {made.stderr.strip() or made.returncode}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True, timeout=GUARD)
    return ""


@dataclass
class Home:
    """The namespaces made by :func:`home_router`: their names, the router's public ``wan``
    address and the relative's ``outside`` address; :meth:`run` starts a command in one."""

    home: str
    router: str
    internet: str
    wan: str
    outside: str
    log: Path

    def exec(self, ns: str, *cmd: str) -> list[str]:
        """``cmd`` run inside namespace ``ns`` (a command line for subprocess)."""
        return ["ip", "netns", "exec", ns, *cmd]

    def forwarded(self) -> str:
        """The router's NAT forwardings now (nftables' text of miniupnpd's chain)."""
        out = subprocess.run(self.exec(self.router, "nft", "list", "chain", "inet", "filter",
                                       "prerouting_miniupnpd"), capture_output=True, text=True, timeout=GUARD)
        return out.stdout


def _sh(*cmd: str) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=GUARD)
    if done.returncode:
        raise RuntimeError(f"{' '.join(cmd)}: {done.stderr.strip()}")


@contextlib.contextmanager
def home_router(folder: Path, wan: str = "11.77.0.1/24", upnp: bool = True) -> Iterator[Home]:
    """A home behind a router whose public side is ``wan`` (an address with its prefix:
    11.77.0.1/24 is public-looking but wired to nothing; 100.64.x.y is a provider's shared
    address); ``upnp`` False: the router has no UPnP.  ``folder``: where the configuration
    and miniupnpd's log go.  Raises RuntimeError when a step fails (after cleaning up)."""
    tag = f"cu{os.getpid() % 100000}"
    names = {k: f"{tag}{k}" for k in ("home", "router", "net")}
    lan, wan_if, home_if, out_if = f"{tag}r0", f"{tag}r1", f"{tag}h0", f"{tag}i0"
    net = ipaddress.ip_interface(wan)
    outside = str(net.ip + 1)
    log = folder / "miniupnpd.log"
    daemon = None
    try:
        for ns in names.values():
            _sh("ip", "netns", "add", ns)
            _sh("ip", "-n", ns, "link", "set", "lo", "up")
        _sh("ip", "link", "add", home_if, "type", "veth", "peer", "name", lan)
        _sh("ip", "link", "add", wan_if, "type", "veth", "peer", "name", out_if)
        for dev, ns in ((home_if, names["home"]), (lan, names["router"]), (wan_if, names["router"]),
                        (out_if, names["net"])):
            _sh("ip", "link", "set", dev, "netns", ns)
        for ns, dev, addr in ((names["home"], home_if, "192.168.77.2/24"), (names["router"], lan, "192.168.77.1/24"),
                              (names["router"], wan_if, wan), (names["net"], out_if, f"{outside}/{net.network.prefixlen}")):
            _sh("ip", "-n", ns, "addr", "add", addr, "dev", dev)
            _sh("ip", "-n", ns, "link", "set", dev, "up")
        _sh("ip", "-n", names["home"], "route", "add", "default", "via", "192.168.77.1")
        _sh("ip", "netns", "exec", names["router"], "sysctl", "-qw", "net.ipv4.ip_forward=1")
        rules = folder / "router.nft"
        rules.write_text(_NFT.format(lan=lan, wan=wan_if))
        _sh("ip", "netns", "exec", names["router"], "nft", "-f", str(rules))
        home = Home(names["home"], names["router"], names["net"], str(net.ip), outside, log)
        if upnp:
            conf = folder / "miniupnpd.conf"
            conf.write_text(_MINIUPNPD.format(wan=wan_if, lan=lan, lease=folder / "leases"))
            with open(log, "wb") as out:
                daemon = subprocess.Popen(home.exec(names["router"], "miniupnpd", "-f", str(conf), "-d"),
                                          stdout=out, stderr=subprocess.STDOUT)
            deadline = time.monotonic() + GUARD      # ready once it listens for the LAN's requests
            while b"HTTP listening" not in log.read_bytes():
                if daemon.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"miniupnpd did not start: {log.read_text(errors='replace')[-600:]}")
                time.sleep(0.02)
        yield home
    finally:
        if daemon is not None:
            daemon.terminate()
            try:
                daemon.wait(GUARD)
            except subprocess.TimeoutExpired:
                daemon.kill()
                daemon.wait(GUARD)
        for ns in names.values():       # deleting a namespace deletes its cables too
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=GUARD)
