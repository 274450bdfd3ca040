// The replay viewer: a finished game step by step, forward and back, as a spectator or
// as any seat saw it, with the log of rule-cited events up to the step.
import { api, cardNames, el, showLog, startPage, t } from "./common.js";
import { drawBoard } from "./board.js";

const tableId = location.pathname.split("/").pop();
let names = {};
let total = 0;
let step = 0;

async function show(k) {
  step = Math.max(0, Math.min(k, total));
  const seat = document.getElementById("as").value;
  const query = seat === "" ? "" : `?seat=${seat}`;
  try {
    const message = await api(`/api/tables/${tableId}/at/${step}${query}`);
    total = message.total;
    document.getElementById("step").max = total;
    document.getElementById("step").value = step;
    document.getElementById("where").textContent = `${step} / ${total}`;
    document.body.dataset.n = String(step);
    document.getElementById("title").textContent = message.title;
    document.getElementById("status").textContent = message.outcome_text || "";
    document.getElementById("board").replaceChildren(drawBoard(message, names));
    showLog(message.log);
  } catch (e) {
    document.getElementById("error").textContent = e.message;
  }
}

async function main() {
  await startPage();
  const info = await api(`/api/tables/${tableId}`);
  names = await cardNames(info.game);
  total = info.n;
  document.getElementById("as").replaceChildren(el("option", { value: "" }, t("ui_spectator")),
    ...info.seats.map((s) => el("option", { value: s.seat }, s.label)));
  document.getElementById("as").addEventListener("change", () => show(step));
  document.getElementById("first").addEventListener("click", () => show(0));
  document.getElementById("prev").addEventListener("click", () => show(step - 1));
  document.getElementById("next").addEventListener("click", () => show(step + 1));
  document.getElementById("last").addEventListener("click", () => show(total));
  document.getElementById("step").addEventListener("change", (e) => show(Number(e.target.value)));
  const at = new URLSearchParams(location.search).get("at");
  await show(at === null ? total : Number(at));
}

main();
