"""Trio: a tiny game that lives under tests/ to prove a game plugs into Cardavia through its
registration alone (ADDING.md). It is registered by the entry point of the ``cardavia_trio-0.dist-info``
folder beside it, found when ``tests/thirdgame`` is on the path.

Rules. Three seats; cards ``c1``…``c9``, four copies each (36). Each seat is dealt 4 cards; the
rest is the stock, drawn from the front. The dealer plays first. On his turn a seat draws a card
and then wins, if his concealed cards split into triples and one pair, or discards one. Each other
seat may then claim the discard in one claim window: ``take`` it with two equal cards of his hand
(an exposed triple, after which he discards without drawing) or ``win`` on it when it completes
his hand; a win beats a take, and between equal claims the seat nearer after the discarder wins.
A card nobody claims is dead (it stays in its discarder's row). When the stock is empty and a draw
is due, the deal ends without a winner. A win scores 1, plus 1 per exposed triple, plus 1 when the
winner drew the card himself.
"""

from cardavia_trio.spec import SPEC as SPEC
