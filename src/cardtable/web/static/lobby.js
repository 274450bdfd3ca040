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
  };
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
  select.addEventListener("change", () => { drawExamples(); drawSeats(); });
  drawExamples();
  drawSeats();
  document.getElementById("examples-label").textContent = t("ui_examples");
  document.getElementById("new-table").addEventListener("submit", create);
  await refresh();
  setInterval(refresh, 4000);
}

main();
