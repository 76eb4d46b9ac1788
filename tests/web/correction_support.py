"""What the correction sheet's browser tests share: the sheet's screenshots as a device shows it."""

from __future__ import annotations

from tests.web.browser_support import Screen


def sheet_shots(screen: Screen, label: str) -> None:
    """The full page (with the touch-target check), then the sheet as the device shows it, one
    viewport screenshot per screenful of the sheet, top to bottom (``{label}-view{k}-...``): a
    full-page shot does not show the part of the sheet scrolled out of its box."""
    screen.shot(label)
    sheet = screen.page.locator("#sheet")
    steps = screen.page.evaluate(
        "() => { const s = document.getElementById('sheet');"
        " return Math.min(4, Math.ceil(s.scrollHeight / s.clientHeight)); }")
    for k in range(steps):
        sheet.evaluate("(s, k) => { s.scrollTop = k * s.clientHeight * 0.9; }", k)
        screen.page.screenshot(path=str(screen.shots / f"{label}-view{k + 1}-{screen.name}.png"))
    sheet.evaluate("s => { s.scrollTop = 0; }")
