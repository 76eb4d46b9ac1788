"""The table's devices and their fakes: the camera, the dice tower, the box's buttons (and what
a press asks of the game: :mod:`.buttons`), lights and buzzer, which of them are present
(:mod:`.present`) and their health (:mod:`.health`)."""
