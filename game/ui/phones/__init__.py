"""Phones at the table, the TV's side: the seats' host, phones without a network, the public board picture."""
