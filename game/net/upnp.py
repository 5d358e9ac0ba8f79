"""Ask the home router for the game's port with UPnP IGD, so a relative far away can join.

With ``--remote`` the host asks the router (found with SSDP on the local network,
through the optional ``miniupnpc`` package: ``pip install miniupnpc``) to forward
its TCP port from the router's public address to this computer, and removes that
forwarding when the game ends -- or when the program exits in any orderly way,
a crash included (:mod:`atexit`).  A forwarding a killed program leaves behind
ends on its own after :data:`LEASE` seconds.

:meth:`PortMapping.open` never raises: its :class:`Outcome` says in plain words
what happened -- the public address to send the relative, or why there is none:

* ``no_library``: ``miniupnpc`` is not installed (the game works without it);
* ``no_router``: no router on this network answers UPnP (it is off in the
  router's settings, or the router has none);
* ``refused``: the router answered but would not forward the port;
* ``no_public``: the router says it has no public address (its own is private
  or shared, as below, and it does not say which);
* ``shared``: the router's own public address is in 100.64.0.0/10, which
  internet providers share between many homes (carrier-grade NAT): nobody
  outside can reach it;
* ``private``: the router's own address is private (another router sits in
  front of it: double NAT), so the forwarding would reach only that router.

No packet leaves the local network: discovery is a multicast on the LAN and the
forwarding is asked of the router's own web address.
"""

from __future__ import annotations

import atexit
import ipaddress
import logging
import threading
from dataclasses import dataclass
from typing import Any, Callable

log = logging.getLogger(__name__)

#: Milliseconds to wait for routers to answer the discovery.
DISCOVER_MS = 2000
#: Seconds the router keeps a forwarding the program could not remove (killed): a day.
LEASE = 24 * 3600
#: The forwarding's name in the router's list of forwardings.
DESCRIPTION = "Clue family game"
#: The range internet providers share between homes (RFC 6598).
SHARED = ipaddress.ip_network("100.64.0.0/10")


@dataclass(frozen=True)
class Outcome:
    """What asking the router gave.

    ``reason``: ``"mapped"`` or one of the failures of the module's docstring;
    ``public``: ``"address:port"`` to send the relative (``""`` unless mapped);
    ``message``: the same in a plain sentence for whoever hosts.
    """

    reason: str
    public: str = ""
    message: str = ""

    @property
    def ok(self) -> bool:
        """True when the port is forwarded and :attr:`public` is the address to send."""
        return self.reason == "mapped"


def _why(exc: BaseException) -> str:
    """miniupnpc's words for a failure, as " (words)" to follow a sentence, or "" when they say
    nothing: it raises ``Exception("Success")`` (the C library's errno 0) for some failures."""
    words = str(exc).strip()
    return "" if words.lower() in ("", "success") else f" ({words})"


def _library() -> Any:
    """A new ``miniupnpc.UPnP`` object; raises ImportError when the package is missing."""
    import miniupnpc

    return miniupnpc.UPnP()


class PortMapping:
    """One TCP forwarding of ``port`` (1-65535) from the router's public address to this computer.

    ``discover_ms``: how long to wait for routers to answer; ``lease``: seconds
    the router keeps the forwarding if it is never removed; ``make``: builds
    the UPnP client (default: ``miniupnpc.UPnP``; tests pass a stand-in).
    :meth:`open` asks, :meth:`close` removes; both are safe to call from any
    one thread at a time and never raise.
    """

    def __init__(self, port: int, *, discover_ms: int = DISCOVER_MS, lease: int = LEASE,
                 make: Callable[[], Any] | None = None):
        if not 0 < int(port) < 65536:
            raise ValueError(f"a TCP port is 1-65535, not {port!r}")
        self.port = int(port)
        self.discover_ms = discover_ms
        self.lease = lease
        self._make = make or _library
        self._upnp: Any = None
        self._lock = threading.Lock()
        #: the last :meth:`open`'s outcome (None before)
        self.outcome: Outcome | None = None

    @property
    def mapped(self) -> bool:
        """True while the router forwards the port for this game."""
        return self._upnp is not None

    def open(self) -> Outcome:
        """Ask the router to forward the port; returns (and keeps in :attr:`outcome`) what happened.
        Blocks up to :attr:`discover_ms` and the router's answers (a few seconds at most)."""
        with self._lock:
            self.outcome = self._open()
        (log.info if self.outcome.ok else log.warning)(f"clue net: {self.outcome.message}")
        return self.outcome

    def _open(self) -> Outcome:
        port = self.port
        try:
            upnp = self._make()
        except ImportError:
            return Outcome("no_library", message=(
                "Cannot ask the router to open the port: the miniupnpc package is not installed "
                "(pip install miniupnpc). Forward TCP port {0} to this computer by hand, or use a tunnel "
                "(docs/phones.md).".format(port)))
        try:
            upnp.discoverdelay = self.discover_ms
            found = upnp.discover()
            if not found:
                raise LookupError("no device answered")
            upnp.selectigd()
        except Exception as exc:          # miniupnpc raises bare Exception for every failure
            return Outcome("no_router", message=(
                f"No router on this network answers UPnP{_why(exc)}: turn UPnP on in the router's settings, "
                f"forward TCP port {port} to this computer by hand, or use a tunnel (docs/phones.md)."))
        try:
            external = str(upnp.externalipaddress() or "")
        except Exception as exc:
            return Outcome("refused", message=(
                f"The router answered UPnP but not with its public address{_why(exc)}; "
                f"forward TCP port {port} by hand or use a tunnel (docs/phones.md)."))
        try:
            ip = ipaddress.ip_address(external)
        except ValueError:
            ip = None
        if ip is None or ip.is_unspecified:      # what miniupnpd answers when its own address is not public
            return Outcome("no_public", message=(
                "The router says it has no public address: its own address is private (another router "
                "in front of it) or one the internet provider shares between many homes (100.64.0.0/10, "
                "carrier-grade NAT), so nobody outside can reach this game through it. "
                "Use a tunnel or a VPN instead (docs/phones.md)."))
        if ip in SHARED:
            return Outcome("shared", message=(
                f"The router's own address {ip} is one the internet provider shares between many homes "
                "(100.64.0.0/10, carrier-grade NAT): nobody outside can reach this game through it. "
                "Use a tunnel or a VPN instead (docs/phones.md)."))
        if not ip.is_global:
            return Outcome("private", message=(
                f"The router's own address {ip} is private: another router sits in front of it "
                "(double NAT), so opening the port here is not enough. Open it on that router too, "
                "or use a tunnel (docs/phones.md)."))
        try:
            lan = str(upnp.lanaddr)
            if not upnp.addportmapping(port, "TCP", lan, port, DESCRIPTION, "", self.lease):
                raise RuntimeError("it said no")
        except Exception as exc:
            return Outcome("refused", message=(
                f"The router would not forward TCP port {port} to this computer{_why(exc)}: "
                "another device may use that port; choose another port, or use a tunnel (docs/phones.md)."))
        self._upnp = upnp
        atexit.register(self.close)
        public = f"{ip}:{port}"
        return Outcome("mapped", public=public, message=(
            f"The router forwards port {port} to this game: send the seat's address with "
            f"http://{public} in front to the relative far away. The forwarding is removed when the game ends."))

    def close(self) -> bool:
        """Remove the forwarding (when the game ends, and at exit).  Returns True when one was
        removed; False when there was none or the router did not answer (it then ends after
        :attr:`lease` seconds).  Never raises."""
        with self._lock:
            upnp, self._upnp = self._upnp, None
        if upnp is None:
            return False
        atexit.unregister(self.close)
        try:
            upnp.deleteportmapping(self.port, "TCP")
        except Exception as exc:
            log.warning(f"clue net: the router did not remove the forwarding of port {self.port} ({exc}); "
                        f"it ends by itself within {self.lease // 3600} hours")
            return False
        log.info(f"clue net: the router no longer forwards port {self.port}")
        return True
