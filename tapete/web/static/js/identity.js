// This device's player identity (docs/protocol.md): made on the server the first
// time the person needs one, kept in localStorage, sent on lobby calls and on hello.

import * as api from "./api.js";
import * as store from "./store.js";

/** The stored identity, made first (with `name`) when there is none; renamed when the person
 * typed another name. A name another player holds (or one that reads the same), protected by a
 * password or not, is refused in words: the error is thrown, for the form where the name was typed
 * to say it (the person picks another, or signs in when a password protects it); nobody is seated
 * under a look-alike. Null when the server cannot give one. */
export async function ensureIdentity(name) {
  const clean = (name || "").trim() || null;
  let who = store.identity();
  try {
    if (!who) {
      who = await api.newPlayer(clean);
      store.saveIdentity(who);
    } else if (clean && clean !== who.name) {
      await api.renamePlayer(who.player_id, clean);
      who = { ...who, name: clean };
      store.saveIdentity(who);
    }
  } catch (err) {
    if (err?.error?.code === "name_taken") throw err;
    return store.identity(); // an old server without players: the table works all the same
  }
  return who;
}

/** Run a lobby call with the identity; if the server no longer knows it, once more with a fresh one. */
export async function withIdentity(name, call) {
  await ensureIdentity(name);
  try {
    return await call();
  } catch (err) {
    if (err?.error?.code !== "bad_identity") throw err;
    await ensureIdentity(name); // the old one was forgotten by api.js
    return call();
  }
}

export const forgetIdentity = store.forgetIdentity;

/** The hello's `player` field, or null. */
export function helloPlayer() {
  const who = store.identity();
  return who ? { id: who.player_id, secret: who.secret } : null;
}
