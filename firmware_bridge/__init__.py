"""Host side of the dice-tower serial protocol (see hardware/PROTOCOL.md once written).

The pure codec (``protocol.py``), the pyserial link (``link.py``) and the virtual tower
(``fake.py``) arrive with the dice-tower work; this package is their home.
"""
