"""Tower settings: which roll source, which pins, where the queue lives (tower firmware).

Edit on the tower (or before copying): the defaults suit a Raspberry Pi Pico (RP2040) with a
bench button, and an ESP32-S3 camera board for the reference camera source.
"""

#: ``"camera"`` (the reference source) or ``"button"`` (bench testing).
SOURCE = "button"
#: Dice per roll: the button source rolls this many; the camera marks a roll with another
#: count ``uncertain`` (0: any count).
DICE = 2
#: Flash file of the roll queue, and how many rolls it keeps.
QUEUE_FILE = "/rolls.q"
QUEUE_CAPACITY = 32
#: Button (to ground, internal pull-up) and status LED pins.
BUTTON_PIN = 15
LED_PIN = "LED"
#: Camera frame size, frame period and the size of a die in the frame, in pixels.
CAMERA_WIDTH = 160
CAMERA_HEIGHT = 120
CAMERA_PERIOD_MS = 100
DIE_PX = 26
#: Where an empty-tray frame is kept once captured (``hal.capture_background``).
BACKGROUND_FILE = "/tray.bg"
