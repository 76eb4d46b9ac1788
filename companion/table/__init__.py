"""Inputs from the table into games: settled rolls and icon dice waiting at their desks, what the
engines need next (:mod:`.dice_input`), and which game holds each device (:mod:`.holds`)."""
