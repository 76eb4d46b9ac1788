"""Table companion for sushi-themed tabletop games (see ../shared/DESIGN.md and README.md)."""

__version__ = "0.1.0"
