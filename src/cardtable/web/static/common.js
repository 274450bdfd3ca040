// Shared helpers of the pages: the page texts in the chosen language and small DOM tools.
export const params = new URLSearchParams(location.search);
export let lang = params.get("lang") || localStorage.getItem("cardtable.lang") || "ru";
export let texts = {};

export async function loadTexts() {
  const me = await (await fetch(`/api/me?lang=${lang}`)).json();
  lang = me.lang;
  texts = await (await fetch(`/api/texts?lang=${lang}`)).json();
  return me;
}

export let words = {};

export async function loadWords(game) {
  words = await (await fetch(`/api/words/${game}?lang=${lang}`)).json();
}

// A word of the game's own catalog ("kw_blitz", "phase_combat"), its {placeholders}
// filled; the fallback (the raw id) only where the game has no word for it.
export function word(key, fallback, values = {}) {
  return words[key] === undefined ? fallback : fill(words[key], values);
}

export function t(key, values = {}) {
  return fill(texts[key] || key, values);
}

function fill(text, values) {
  for (const [k, v] of Object.entries(values)) text = text.replaceAll(`{${k}}`, v);
  return text;
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export async function setLang(value) {
  lang = value;
  localStorage.setItem("cardtable.lang", value);
  await fetch("/api/me", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ lang: value }) });
  location.reload();
}

export function langSwitch() {
  const select = el("select", { "aria-label": "lang", onchange: (e) => setLang(e.target.value) },
    el("option", { value: "ru", selected: lang === "ru" }, "Русский"),
    el("option", { value: "en", selected: lang === "en" }, "English"));
  return select;
}

export async function api(path, body) {
  const options = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(`${path}${path.includes("?") ? "&" : "?"}lang=${lang}`, options);
  const data = await response.json();
  const detail = Array.isArray(data.detail) ? data.detail.map((d) => `${(d.loc || []).join(".")}: ${d.msg}`).join("; ") : data.detail;
  if (!response.ok) throw new Error(data.error || detail || response.statusText);
  return data;
}

// A page's start: its texts, language switch, and (where the page has them) the link back
// to the lobby and the log's title.
export async function startPage() {
  const me = await loadTexts();
  document.documentElement.lang = lang;
  document.getElementById("lang").append(langSwitch());
  const back = document.getElementById("back");
  if (back) { back.textContent = t("ui_back"); back.href = `/?lang=${lang}`; }
  const logTitle = document.getElementById("log-title");
  if (logTitle) logTitle.textContent = t("ui_log");
  return me;
}

// A game's words and its cards' names in the page's language (id -> name); the cards'
// printed data stays in ``cards`` (id -> card) for the drawings.
export let cards = {};

export async function cardNames(game) {
  const list = await api(`/api/cards/${game}`);
  await loadWords(game);
  cards = Object.fromEntries(list.map((c) => [c.id, c]));
  return Object.fromEntries(list.map((c) => [c.id, c.name[lang] || c.id]));
}

// Log lines, each with its rule id and the rule's sentence on hover, newest in view.
export function showLog(lines) {
  const log = document.getElementById("log");
  log.replaceChildren(...lines.map((e) => el("div", { class: e.turn ? "turn" : "" }, e.text,
    e.rule ? el("span", { class: "rule", title: e.rule_text || e.rule }, e.rule) : null)));
  log.scrollTop = log.scrollHeight;
}
