// The card browser of a game: every card with its numbers and text, filtered by words
// (name, text, keywords) and by kind.
import { api, el, lang, loadWords, startPage, t, word } from "./common.js";

const game = location.pathname.split("/").pop();
const HIDDEN = new Set(["id", "name", "text", "decks", "deck", "number"]);
let cards = [];

function kindOf(c) { return c.type || c.kind || ""; }

function textOf(c) {
  if (c.text) return c.text[lang] || c.text.ru || "";
  if (c.abilities) return c.abilities.map((a) => word(`ability_${a.id || a}`, a.id || a)).join(", ");
  return "";
}

function numbers(c) {
  return Object.entries(c).filter(([k, v]) => !HIDDEN.has(k) && v !== null && v !== "" && !(Array.isArray(v) && !v.length) && typeof v !== "object" || (Array.isArray(v) && v.length && !HIDDEN.has(k) && typeof v[0] !== "object"))
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.map((x) => word(`kw_${x}`, x)).join(", ") : v}`).join(" · ");
}

function draw() {
  const words = document.getElementById("filter").value.trim().toLowerCase();
  const kind = document.getElementById("kind").value;
  const shown = cards.filter((c) => (!kind || kindOf(c) === kind)
    && (!words || `${c.name[lang]} ${c.name.ru} ${c.name.en} ${textOf(c)} ${numbers(c)}`.toLowerCase().includes(words)));
  document.getElementById("count").textContent = `${shown.length} / ${cards.length}`;
  document.getElementById("cards").replaceChildren(...shown.map((c) => el("tr", { "data-card": c.id },
    el("td", {}, el("strong", {}, c.name[lang] || c.id)), el("td", { class: "muted" }, numbers(c)), el("td", {}, textOf(c)))));
}

async function main() {
  await startPage();
  await loadWords(game);
  const games = await api("/api/games");
  document.getElementById("title").textContent = `${t("ui_cards")}: ${games.find((g) => g.id === game)?.title || game}`;
  cards = await api(`/api/cards/${game}`);
  const kinds = [...new Set(cards.map(kindOf))].filter(Boolean).sort();
  document.getElementById("kind").replaceChildren(el("option", { value: "" }, "—"), ...kinds.map((k) => el("option", { value: k }, word(`type_${k}`, k))));
  document.getElementById("filter").addEventListener("input", draw);
  document.getElementById("kind").addEventListener("change", draw);
  draw();
}

main();
