// A table: one WebSocket for this seat (or for watching); legal moves are buttons.
import { api, cardNames, el, lang, params, showLog, startPage, t } from "./common.js";
import { drawBoard } from "./board.js";

const tableId = location.pathname.split("/").pop();
let socket = null;
let last = null;
let names = {};
let logLines = [];
let logBase = 0;

function seatName(message, seat) {
  const s = message.seats[seat];
  return s ? `${s.label}${s.name ? ` (${s.name})` : s.agent ? ` (${s.agent})` : ""}` : String(seat);
}

function draw(message) {
  last = message;
  // What the page shows, for people who test it: the action count, the status, and
  // whether this seat has a choice to make now.
  document.body.dataset.n = message.n;
  document.body.dataset.status = message.status;
  document.body.dataset.mine = message.to_move === message.seat && message.legal.length ? "1" : "0";
  document.getElementById("title").textContent = message.title;
  const status = document.getElementById("status");
  if (message.outcome_text) status.textContent = message.outcome_text;
  else if (message.seat === null) status.textContent = `${t("ui_spectator")} · ${t("ui_waiting", { who: seatName(message, message.to_move) })}`;
  else if (message.to_move === message.seat) status.textContent = t("ui_your_move");
  else status.textContent = t("ui_waiting", { who: seatName(message, message.to_move) });
  const actions = document.getElementById("actions");
  actions.replaceChildren(...message.legal.map((a) => el("button", {
    "data-code": a.code, title: a.code,
    onclick: () => send({ type: "act", n: message.n, choice: a.i }),
  }, a.text)));
  document.getElementById("board").replaceChildren(drawBoard(message, names));
  // The server sends each connection only the log lines it has not had (log_from: the
  // number of the first); anything else starts the list again.
  if (message.log_from === logBase + logLines.length) logLines.push(...message.log);
  else { logLines = message.log; logBase = message.log_from; }
  if (logLines.length > 400) { logBase += logLines.length - 200; logLines = logLines.slice(-200); }
  showLog(logLines.slice(-200));
  const replay = document.getElementById("replay");
  replay.replaceChildren(...(message.status === "over"
    ? [el("a", { href: `/r/${tableId}?lang=${lang}` }, t("ui_replay_view")), " · ", el("a", { href: `/api/tables/${tableId}/replay` }, t("ui_replay"))]
    : []));
}

function send(message) {
  document.getElementById("error").textContent = "";
  socket.send(JSON.stringify(message));
}

function connect() {
  const seat = params.get("seat");
  const query = new URLSearchParams({ lang });
  if (seat !== null && seat !== "-1") query.set("seat", seat);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${tableId}?${query}`);
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "error") document.getElementById("error").textContent = message.error;
    else draw(message);
  };
  socket.onclose = (event) => {
    if (event.code >= 4400) { document.getElementById("error").textContent = event.reason; return; }
    document.getElementById("error").textContent = t("ui_disconnected");
    setTimeout(connect, 1000);
  };
}

async function main() {
  await startPage();
  const invite = params.get("invite");
  if (invite !== null) {
    try { await api(`/api/tables/${tableId}/join`, { seat: Number(params.get("seat")), invite }); }
    catch (e) { document.getElementById("error").textContent = e.message; }
    history.replaceState(null, "", `/t/${tableId}?seat=${params.get("seat")}&lang=${lang}`);
  }
  const info = await api(`/api/tables/${tableId}`);
  names = await cardNames(info.game);
  connect();
}

main();
