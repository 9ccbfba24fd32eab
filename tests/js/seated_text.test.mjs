// Sentences about a side worded for who sits there (www/ui/dialogs.js seatedText):
// "You win the game" against the computer, the computer's own verb in Portuguese, the
// colour between two people.

import test from "node:test";
import assert from "node:assert/strict";
import { seatedText } from "../../www/ui/dialogs.js";
import { setLanguage, t } from "../../www/i18n/i18n.js";
import en from "../../www/i18n/en.js";
import pt from "../../www/i18n/pt.js";

const you = { name: "You", seat: "you" };
const computer = (name) => ({ name, seat: "computer" });
const colour = (name) => ({ name, seat: null });

test("a side's sentence takes the form for who sits there, in both languages", () => {
  setLanguage("en");
  assert.equal(seatedText(t, "dialog.gameOver.title", you), "You win the game");
  assert.equal(seatedText(t, "dialog.gameOver.title", computer("Computer (expert)")), "Computer (expert) wins the game");
  assert.equal(seatedText(t, "dialog.gameOver.title", colour("Red")), "Red wins the game");
  setLanguage("pt");
  assert.equal(seatedText(t, "dialog.matchOver.title", you), "Ganhou o jogo");
  assert.equal(seatedText(t, "dialog.matchOver.title", computer("Computador (especialista)")), "Computador (especialista) ganha o jogo");
  assert.equal(seatedText(t, "dialog.matchOver.title", colour("Vermelhas")), "Vermelhas ganham o jogo");
  setLanguage("en");
});

test("every form English words apart, Portuguese words apart too", () => {
  // A form is a sentence's key with .you or .computer added ("name.you" is a name, not a form).
  const formsOf = (table) => Object.keys(table).filter((k) => /\.(you|computer)$/.test(k) && k.replace(/\.(you|computer)$/, "") in table);
  const english = formsOf(en);
  assert.ok(english.length >= 5);
  for (const key of english) assert.ok(key in pt, `${key} has no Portuguese form`);
  assert.ok(formsOf(pt).length > english.length, "Portuguese words the computer's verb apart too");
});

test("the score names the colours, and against the computer who sits on each", async () => {
  const { scoreText } = await import("../../www/ui/dialogs.js");
  const seats = { white: computer("Computer (Expert)"), red: you };
  setLanguage("en");
  assert.equal(scoreText(t, { white: 3, red: 5 }), "White 3 – Red 5");
  assert.equal(scoreText(t, { white: 3, red: 5 }, (side) => seats[side]), "White (computer) 3 – Red (you) 5");
  setLanguage("pt");
  assert.equal(scoreText(t, { white: 0, red: 1 }, (side) => seats[side]), "Brancas (computador) 0 – Vermelhas (você) 1");
  setLanguage("en");
});

test("who starts is said by colour between two people, and as you and the computer against it", async () => {
  const { openingText } = await import("../../www/game/announce.js");
  const redStarts = { starter: "Red", dice: { white: 2, red: 6 } };
  const seats = { white: computer("Computer (Expert)"), red: you };
  setLanguage("en");
  assert.equal(openingText(redStarts, t), "Red rolls 6, White 2: Red starts");
  assert.equal(openingText(redStarts, t, (side) => seats[side]), "You roll 6, the computer 2: you start");
  const swapped = { white: you, red: computer("Computer (Expert)") };
  assert.equal(openingText(redStarts, t, (side) => swapped[side]), "The computer rolls 6, you 2: it starts");
  setLanguage("pt");
  assert.equal(openingText(redStarts, t), "Vermelhas tiram 6, Brancas 2: começam as Vermelhas");
  assert.equal(openingText(redStarts, t, (side) => seats[side]), "Tira 6, o computador 2: começa você");
  setLanguage("en");
});
