"""Every refusal of the kinds Piquet plays (exchange, declare, tricks, and the combinations the
declare stage shares with the vie) has its French: the rule it cites (engine/words.py's table)
and the message (play/french.py's patterns). The samples below are one per place the engine
raises, counted in the source, so a new refusal without French fails here; then one refused in
a real deal at a French table."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from hocdsl.announce import Vocabulary
from hocdsl.bots import make_bot
from hocdsl.engine import Game, IllegalAction
from hocdsl.engine import chances, declare, exchange, melds, tricks
from hocdsl.engine.errors import Rule
from hocdsl.engine.words import FR
from hocdsl.play.french import message_fr
from hocdsl.play.refuse import refusal, rule_words
from hocdsl.rules import load_ruleset

ENGINE = Path(tricks.__file__).parent
PIQUET = load_ruleset("piquet")

#: One message per ``raise IllegalAction`` of each module, as the engine words it (names,
#: cards and numbers filled in); chances.py's ``str(e)`` (a card error, in French already
#: where the card code says it) and its set's size rule are said apart.
SAMPLES = {
    "tricks": [
        "Anne draws a card from the stock first", "7D is not in the stock", "the card on top of the stock is 9H",
        "KS, the card turned up, is the last of the stock", "nobody draws now: a card is played to the trick",
        "a card is played to the trick", "Vous does not hold 7D",
        "Vous holds a card of the suit led (7H) and must play one",
        # declarations after a trick (Bezique)
        "no combination is declared in this game", "the stock is out: no more declarations",
        "Vous has not just won a trick: only its winner declares, before he draws",
        "Blaise has drawn already: a declaration comes before the draw",
        "Vous has declared once after this trick: one combination a trick (the others wait for the next "
        "trick he wins)",
    ],
    # melds.py's refusals, which the tricks stage raises as they are (its two str(e) below)
    "melds": [
        "these cards make no combination this game scores", "a declaration names its cards",
        "these cards make royal marriage, not marriage", "bezique scores 40, not 20",
        "to score: 7D is not in the hand",
        "QS#2 was declared in a marriage and a sequence already: a card scores once in a combination "
        "of a kind, never then in an inferior one",
        "these very cards were declared as double bezique already: a card must be substituted to "
        "declare it again",
        "to score: that is the combination just declared",
        "to score: the cards shown make no 20 marriage that may still be declared (name the cards to "
        "lay out with it)",
    ],
    "exchange": [
        "it is the discard: lay out cards and take as many", "7D is not in your hand", "a card laid out twice",
        "6 cards laid out: you may exchange at most 5", "you must exchange at least 1",
        "the stock's order is not known here: name the cards taken (\"I discard 7S 8S and take AS KD\")",
        "take as many cards as are laid out (3)", "7D is not in the stock", "the cards on top of the stock are AS KD",
    ],
    "declare": [
        "you hold a sequence: call your best", "the eldest calls; the other answers",
        "you hold better: call your best point", "answer the call: \"good\", \"not good\" or \"equal\"",
        "\"good\" is not so: your best is better",
    ],
    "chances": [
        "\"point of five\" is not a declaration of the point", "5 cards: no suit of the hand holds 5 cards",
        "5 cards, 48: the best 5 cards of one suit in the hand are worth 45",
        "\"quint\" is not a declaration of the sequence", "a run of 2 is no sequence (at least 3 cards)",
        "a run of 6 counts as 5; declare it as such", "a run of 4 to rank 12 is not in the hand",
        "\"three kings\" is not a declaration of the tricon", "a tricon of 5 cards does not exist",
        "the hand holds no 4 cards of one rank", "the hand does not hold 3 cards of rank 13",
        "cards of rank 8 make no set here",
    ],
}
#: raise sites whose message is not one of the samples: chances.py's card error (str(e))
#: the tricks stage's two of melds.py's (str(e): sampled under "melds"), and melds.py's own "to score: " + str(e)
UNSAMPLED = {"chances": 1, "tricks": 2, "melds": 1}
MODULES = {"tricks": tricks, "exchange": exchange, "declare": declare, "chances": chances, "melds": melds}
#: the exception each module raises for a refusal
RAISES = {"melds": "MeldError"}


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_refusal_has_its_french_message(name: str) -> None:
    # the module's source beside it (the compiled build's __file__ is its extension module)
    source = (ENGINE / f"{name}.py").read_text(encoding="utf-8")
    sites = len(re.findall(rf"raise {RAISES.get(name, 'IllegalAction')}\(", source))
    assert sites == len(SAMPLES[name]) + UNSAMPLED.get(name, 0)
    for message in SAMPLES[name]:
        said = message_fr(message)
        assert said != message, message
        assert not re.search(r"\b(the|you|your|is|not|cards?|hand|stock|and)\b", said), said


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_rule_cited_has_its_french(name: str) -> None:
    rules = [v for k, v in vars(MODULES[name]).items() if k.startswith("RULE_") and isinstance(v, Rule)]
    assert rules or name == "melds"  # melds.py cites no rule: the tricks stage cites its own
    for rule in rules:
        for what in ([rule.what] if isinstance(rule.what, str) else list(rule.what.values())):
            cited = FR.rule(f"piquet play.following, eb9-piq p. 115: {what}")
            assert cited.endswith(" : " + FR.rules[what]), what


def _to_the_play(seed: int) -> Game:
    """A deal of Piquet played by two bots to the first trick's second card."""
    g = Game(PIQUET, ["Vous", "Blaise"], dealer=seed % 2, rng=random.Random(seed))
    bots = [make_bot("heuristic", PIQUET, s, random.Random(seed + s)) for s in range(2)]
    while not (g.stage == "tricks" and g.hands[0].bit_count() != g.hands[1].bit_count()):
        s = g.to_act
        assert s is not None
        g.apply(bots[s].choose(g.view(s)))
    return g


def test_a_card_not_following_suit_is_refused_in_french() -> None:
    for seed in range(40):
        g = _to_the_play(seed)
        s = g.to_act
        assert s is not None
        legal = {a.card for a in g.legal_actions()}
        others = [c for c in range(52) if g.hands[s] >> c & 1 and c not in legal]
        if others:
            break
    else:  # pragma: no cover - some deal has a player who must follow
        pytest.fail("no deal in which a card is refused")
    from hocdsl.actions import Play

    a = Play(others[0])
    with pytest.raises(IllegalAction) as e:
        g.apply(a)
    said = refusal(a, e.value.message, g, Vocabulary.from_ruleset(PIQUET), "fr")
    assert "de la couleur demandée" in said and "en jouer une" in said
    rule = rule_words(e.value.rule, "fr")
    assert rule.startswith("piquet play.following, eb9-piq p. 115 : on fournit à la couleur demandée")
