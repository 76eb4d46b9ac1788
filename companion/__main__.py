"""``python -m companion``: the same command line as ``companion`` (see :mod:`companion.cli`)."""

from companion.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
