// The take-over page (templates/host.html): type the host code (or arrive from the hand-over
// QR code with it filled in) and tap "Take over as host". Nothing happens before the tap.
import { banner } from "./common.js";
import { showCode, takeOver } from "./host-claim.js";
import { t } from "./i18n.js";

const gameId = Number(document.body.dataset.gameId);
const input = document.getElementById("host-code");
input.value = showCode(input.value.trim().toUpperCase());

async function submit(event) {
  event.preventDefault();
  const code = input.value.trim();
  if (!code) {
    banner.show(t("Type the host code first: 8 letters and digits, shown on the host's screen or on the Pi's status page."));
    return;
  }
  try {
    await takeOver(gameId, code);
  } catch (err) {
    banner.show(err.message);
  }
}

banner.init();
document.getElementById("take-over").addEventListener("submit", submit);
