// The web Pokédex: browse and search the Pokémon, open an entry, and mark favorites and notes
// as the signed-in user. The favorites follow the user's other devices live, through the
// service's notices (Server-Sent Events read with fetch, so that the token goes in a header).
"use strict";

const state = { token: sessionStorage.getItem("pokedex-token") || "", favorites: new Map(), names: new Map(), open: null, stream: null };
const $ = (id) => document.getElementById(id);

async function api(path, options = {}) {
  const headers = Object.assign({ "Accept": "application/json" }, options.headers || {});
  if (state.token) headers["Authorization"] = "Bearer " + state.token;
  const response = await fetch(path, Object.assign({}, options, { headers }));
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.message || body.error || ("HTTP " + response.status));
  return body;
}

function showError(error) { $("error").textContent = error ? String(error.message || error) : ""; }

async function signIn(token) {
  state.token = token;
  try {
    const me = await api("/me");
    sessionStorage.setItem("pokedex-token", token);
    $("who").textContent = "Signed in as " + me.user;
    $("who").dataset.user = me.user;
    $("sign-out").hidden = false;
    showError(null);
    await loadFavorites();
    follow();
  } catch (error) {
    state.token = "";
    sessionStorage.removeItem("pokedex-token");
    $("who").textContent = "";
    showError(error);
  }
}

function signOut() {
  state.token = "";
  sessionStorage.removeItem("pokedex-token");
  if (state.stream) state.stream.abort();
  state.favorites.clear();
  $("who").textContent = "";
  $("sign-out").hidden = true;
  renderFavorites();
  renderStars();
}

async function loadFavorites() {
  if (!state.token) return;
  const favorites = await api("/me/favorites");
  state.favorites = new Map(favorites.map((f) => [f.pokemon_id, f]));
  const missing = [...state.favorites.keys()].filter((id) => !state.names.has(id));
  await Promise.all(missing.map(async (id) => {
    const pokemon = await api("/pokemon/" + id);
    state.names.set(id, pokemon.name);
  }));
  renderFavorites();
  renderStars();
}

function renderFavorites() {
  const list = $("favorites");
  list.replaceChildren();
  const ids = [...state.favorites.keys()].sort((a, b) => a - b);
  $("favorites-empty").textContent = state.token ? (ids.length ? "" : "No favorites yet.") : "Sign in to see your favorites.";
  for (const id of ids) {
    const item = document.createElement("li");
    item.dataset.id = id;
    const link = document.createElement("a");
    link.textContent = "#" + id + " " + (state.names.get(id) || "");
    link.onclick = () => openEntry(id);
    item.append(link);
    list.append(item);
  }
}

function star(id) {
  const button = document.createElement("button");
  button.className = "star";
  button.dataset.id = id;
  button.title = "favorite";
  button.textContent = "★";
  button.onclick = async () => {
    if (!state.token) { showError("Sign in to mark favorites."); return; }
    try {
      await api("/me/favorites/" + id, { method: state.favorites.has(id) ? "DELETE" : "PUT" });
      await loadFavorites();
    } catch (error) { showError(error); }
  };
  return button;
}

function renderStars() {
  for (const button of document.querySelectorAll(".star")) {
    button.classList.toggle("on", state.favorites.has(Number(button.dataset.id)));
  }
}

async function search(text) {
  try {
    const query = new URLSearchParams({ limit: "50", sort: "id" });
    if (text) query.set("name", text);
    const list = await api("/pokemon?" + query);
    const results = $("results");
    results.replaceChildren();
    for (const pokemon of list.pokemon) {
      state.names.set(pokemon.id, pokemon.name);
      const item = document.createElement("li");
      item.dataset.id = pokemon.id;
      const link = document.createElement("a");
      link.textContent = "#" + pokemon.id + " " + pokemon.name + " (" + pokemon.types.join("/") + ")";
      link.onclick = () => openEntry(pokemon.id);
      item.append(star(pokemon.id), link);
      results.append(item);
    }
    renderStars();
    showError(null);
  } catch (error) { showError(error); }
}

async function openEntry(id) {
  try {
    const entry = await api("/pokemon/" + id + "/entry");
    state.open = id;
    $("entry").hidden = false;
    $("entry-name").textContent = "#" + entry.id + " " + (entry.displayName || entry.name);
    $("entry-genus").textContent = entry.genus || "";
    $("entry-types").textContent = (entry.types || []).join(" / ");
    $("entry-flavor").textContent = entry.flavorText ? (entry.flavorText.text || "") : "";
    const stats = $("entry-stats");
    stats.replaceChildren();
    for (const stat of entry.stats || []) {
      const row = stats.insertRow();
      row.insertCell().textContent = stat.stat;
      row.insertCell().textContent = stat.value;
    }
    await loadNotes();
  } catch (error) { showError(error); }
}

async function loadNotes() {
  const list = $("notes");
  list.replaceChildren();
  if (!state.token || state.open === null) return;
  const notes = await api("/me/notes?pokemon=" + state.open);
  for (const note of notes) {
    const item = document.createElement("li");
    item.dataset.id = note.id;
    item.textContent = note.text + " ";
    const remove = document.createElement("button");
    remove.textContent = "delete";
    remove.onclick = async () => {
      try { await api("/me/notes/" + note.id, { method: "DELETE" }); await loadNotes(); } catch (error) { showError(error); }
    };
    item.append(remove);
    list.append(item);
  }
}

// Reads the notices stream; each notice reloads the favorites (and the open entry's notes).
// On an error it waits and opens the stream again.
async function follow() {
  if (state.stream) state.stream.abort();
  const controller = new AbortController();
  state.stream = controller;
  let wait = 1000;
  while (state.token && !controller.signal.aborted) {
    try {
      const response = await fetch("/sync/notices", { headers: { "Authorization": "Bearer " + state.token, "Accept": "text/event-stream" }, signal: controller.signal });
      if (!response.ok) throw new Error("notices: HTTP " + response.status);
      $("live").className = "on";
      wait = 1000;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (event.split("\n").some((line) => line.startsWith("data:"))) {
            await loadFavorites();
            await loadNotes();
          }
        }
      }
    } catch (error) {
      if (controller.signal.aborted) return;
    }
    $("live").className = "";
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = Math.min(wait * 2, 30000);
  }
}

$("sign-in-form").onsubmit = (event) => { event.preventDefault(); signIn($("token").value.trim()); };
$("sign-out").onclick = signOut;
$("search-form").onsubmit = (event) => { event.preventDefault(); search($("search").value.trim()); };
$("note-form").onsubmit = async (event) => {
  event.preventDefault();
  if (!state.token || state.open === null) { showError("Sign in and open a Pokémon to write a note."); return; }
  try {
    await api("/me/notes", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ pokemonID: state.open, text: $("note-text").value }) });
    $("note-text").value = "";
    await loadNotes();
  } catch (error) { showError(error); }
};

search("");
if (state.token) signIn(state.token);
