// The lobby: the tables in play and a form for a new one.
import { api, el, lang, startPage, t } from "./common.js";

const AGENTS = ["greedy", "random", "ismcts:iters=300", "ismcts:iters=1000"];
let games = [];

function seatChoice(k, gameId) {
  const options = [];
  if (k === 0) options.push(el("option", { value: "you" }, t("ui_you")));
  options.push(el("option", { value: "human" }, t("ui_person")));
  const agents = gameId === "clash" ? [...AGENTS, "clash-solo"] : AGENTS;
  for (const a of agents) options.push(el("option", { value: a, selected: k === 1 && a === "greedy" }, a));
  return el("label", {}, `${k + 1}: `, el("select", { "data-seat": k }, options));
}

// The game's example setups (its modes and formats): choosing one fills the options
// and the number of seats; the options stay editable and the game checks them.
function drawExamples() {
  const game = games.find((g) => g.id === document.getElementById("game").value);
  const select = document.getElementById("examples");
  select.replaceChildren(el("option", { value: "" }, "—"),
    ...(game?.examples || []).map((x, k) => el("option", { value: k, "data-setup": JSON.stringify(x.setup) }, x.label)));
  select.onchange = () => {
    const x = game.examples[Number(select.value)];
    if (!x) return;
    document.getElementById("setup").value = JSON.stringify(x.setup);
    document.getElementById("seats").dataset.count = x.seats;
    drawSeats();
    drawDecks();
  };
}

// --- decks: as the format deals them, a preconstructed deck per deck seat, or a pasted
// list per deck seat (read by the server as it is typed: its cards, or the lines it
// cannot read).
function currentSetup() {
  try { return JSON.parse(document.getElementById("setup").value || "{}"); } catch { return null; }
}

async function drawDecks() {
  const kind = document.getElementById("deck-kind").value;
  const box = document.getElementById("deck-seats");
  box.replaceChildren();
  if (kind === "format") return;
  const setup = currentSetup();
  if (setup === null) { box.append(el("div", { class: "error" }, t("ui_setup_json"))); return; }
  const game = document.getElementById("game").value;
  let choices;
  try { choices = await api(`/api/decks/${game}`, { setup }); }
  catch (e) { box.append(el("div", { class: "error" }, e.message)); return; }
  if (kind === "precon") {
    if (!choices.precons.length) { box.append(el("div", { class: "muted" }, t("ui_no_precons"))); return; }
    box.append(...choices.seats.map((s, k) => el("div", {}, el("label", {}, `${s + 1}: `,
      el("select", { "data-deck": s }, choices.precons.map((d, i) => el("option", { value: d.id, selected: i === k % choices.precons.length }, d.title)))))));
    return;
  }
  for (const s of choices.seats) {
    const status = el("div", { class: "muted", "data-list-status": s });
    const area = el("textarea", { "data-list": s, rows: 6, cols: 50, placeholder: t("ui_list_hint") });
    let timer = null;
    area.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(() => readList(game, area, status), 300); });
    box.append(el("div", { class: "deck-list" }, el("label", {}, `${s + 1}:`), area, status));
  }
}

async function readList(game, area, status) {
  if (!area.value.trim()) { status.textContent = ""; return; }
  try {
    const read = await api(`/api/decks/${game}`, { setup: currentSetup() || {}, text: area.value });
    const names = read.cards.map((c) => c.name);
    status.className = "muted";
    status.textContent = `${t("ui_list_cards", { n: names.length })}${read.base ? ` · ${read.base.title}` : ""}: ${names.join(", ")}`;
  } catch (e) {
    status.className = "error";
    status.textContent = e.message;
  }
  status.dataset.read = "1";
}

function chosenDecks() {
  const kind = document.getElementById("deck-kind").value;
  if (kind === "precon") return { decks: [...document.querySelectorAll("#deck-seats select[data-deck]")].map((s) => s.value) };
  if (kind === "lists") return { lists: [...document.querySelectorAll("#deck-seats textarea[data-list]")].map((a) => a.value) };
  return {};
}

function drawSeats() {
  const gameId = document.getElementById("game").value;
  const seats = document.getElementById("seats");
  const count = Number(seats.dataset.count || 2);
  seats.replaceChildren(
    el("span", {}, `${t("ui_seats")}: `),
    el("select", { id: "seat-count", onchange: (e) => { seats.dataset.count = e.target.value; drawSeats(); } },
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => el("option", { value: n, selected: n === count }, n))),
    ...Array.from({ length: count }, (_, k) => seatChoice(k, gameId)),
  );
}

async function create(event) {
  event.preventDefault();
  const error = document.getElementById("error");
  error.textContent = "";
  const choices = [...document.querySelectorAll("#seats select[data-seat]")].map((s) => s.value);
  const hostSeat = choices.indexOf("you");
  let setup;
  try { setup = JSON.parse(document.getElementById("setup").value || "{}"); }
  catch (e) { error.textContent = e.message; return; }
  const seats = choices.map((c) => (c === "you" ? "human" : c));
  try {
    const seed = document.getElementById("seed").value;
    const made = await api("/api/tables", {
      game: document.getElementById("game").value, setup, seats,
      host_seat: hostSeat >= 0 ? hostSeat : null,
      seed: seed === "" ? null : Number(seed),
      ...chosenDecks(),
    });
    const invites = Object.entries(made.invites);
    if (invites.length === 0) {
      location.href = `/t/${made.id}?seat=${hostSeat}&lang=${lang}`;
      return;
    }
    document.getElementById("invites").replaceChildren(
      el("h3", {}, t("ui_invites")),
      ...invites.map(([seat, url]) => el("div", {}, `${Number(seat) + 1}: `, el("input", { size: 70, readonly: true, value: location.origin + url }))),
      el("p", {}, el("a", { href: `/t/${made.id}?seat=${hostSeat}&lang=${lang}` }, t("ui_open"))),
    );
  } catch (e) {
    error.textContent = e.message;
  }
}

async function refresh() {
  const tables = await api("/api/tables");
  const rows = tables.map((tb) => {
    const title = games.find((g) => g.id === tb.game)?.title || tb.game;
    const seats = tb.seats.map((s) => (s.agent ? s.agent : s.free ? t("ui_free") : s.name || "—")).join(", ");
    return el("tr", {},
      el("td", {}, title), el("td", {}, t(`ui_status_${tb.status}`)), el("td", {}, seats),
      el("td", {}, tb.status === "over"
        ? el("a", { href: `/r/${tb.id}?lang=${lang}` }, t("ui_replay_view"))
        : el("a", { href: `/t/${tb.id}?lang=${lang}` }, t("ui_watch"))));
  });
  document.getElementById("tables").replaceChildren(...(rows.length ? rows : [el("tr", {}, el("td", {}, t("ui_no_tables")))]));
}

async function main() {
  await startPage();
  document.getElementById("new-title").textContent = t("ui_new_table");
  document.getElementById("lobby-title").textContent = t("ui_lobby");
  document.getElementById("game-label").textContent = t("ui_game");
  document.getElementById("setup-label").textContent = t("ui_setup");
  document.getElementById("create").textContent = t("ui_create");
  document.getElementById("seed-label").textContent = t("ui_seed");
  games = await api("/api/games");
  document.getElementById("card-links").replaceChildren(`${t("ui_cards")}: `,
    ...games.flatMap((g, k) => [k ? " · " : "", el("a", { href: `/cards/${g.id}?lang=${lang}` }, g.title)]));
  const select = document.getElementById("game");
  select.replaceChildren(...games.map((g) => el("option", { value: g.id }, g.title)));
  select.addEventListener("change", () => { document.getElementById("setup").value = "{}"; drawExamples(); drawSeats(); drawDecks(); });
  document.getElementById("decks-label").textContent = t("ui_decks");
  document.getElementById("deck-kind").replaceChildren(...["format", "precon", "lists"].map((k) => el("option", { value: k }, t(`ui_decks_${k}`))));
  document.getElementById("deck-kind").addEventListener("change", drawDecks);
  document.getElementById("setup").addEventListener("change", drawDecks);
  drawExamples();
  drawSeats();
  document.getElementById("examples-label").textContent = t("ui_examples");
  document.getElementById("new-table").addEventListener("submit", create);
  await refresh();
  setInterval(refresh, 4000);
}

main();
