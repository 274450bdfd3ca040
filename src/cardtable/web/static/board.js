// Drawing a seat's view: each game may have its own drawing; every view can be drawn by
// the generic one, which lays out the observation's parts with card names.
import { el } from "./common.js";

export function cardChip(id, names, extra = "") {
  if (id === null || id === undefined) return el("span", { class: "card hidden", title: "?" }, "?");
  if (typeof id === "object") {
    const name = id.card ? (names[id.card] || id.card) : JSON.stringify(id);
    const bits = Object.entries(id).filter(([k]) => !["card", "inst"].includes(k)).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") : v}`);
    return el("span", { class: `card ${extra}`, title: bits.join("\n") }, name, bits.length ? el("span", { class: "muted" }, ` ${bits.filter((b) => /^(offense|defense|attack|health|damage|fire|earth|position)/.test(b)).map((b) => b.split(": ")[1]).join("/")}`) : null);
  }
  return el("span", { class: `card ${extra}` }, names[id] || String(id));
}

function isCardList(value) {
  return Array.isArray(value) && value.length > 0 && value.every((x) => x === null || typeof x === "string" || (typeof x === "object" && x !== null && "card" in x));
}

export function generic(value, names, depth = 0) {
  if (value === null || value === undefined) return el("span", { class: "muted" }, "—");
  if (isCardList(value)) return el("div", { class: "cards" }, value.map((c) => cardChip(c, names)));
  if (Array.isArray(value)) {
    if (value.every((x) => typeof x !== "object" || x === null)) return el("span", {}, value.map((x) => (x === null ? "—" : String(x))).join(", ") || "—");
    return el("div", {}, value.map((x, k) => el("div", { class: depth === 0 ? "seat" : "row" }, el("span", { class: "muted" }, `${k + 1}. `), generic(x, names, depth + 1))));
  }
  if (typeof value === "object") {
    return el("dl", { class: "kv" }, Object.entries(value).flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, generic(v, names, depth + 1))]));
  }
  return el("span", {}, String(value));
}

export function drawBoard(message, names) {
  return generic(message.view, names);
}
