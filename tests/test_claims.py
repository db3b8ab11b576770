"""Claims, wild leads and what a wild card counts as (stops stage), worked by hand.

The Comète (rulesets/comete.yaml, after the Encyclopédie): the comète (9D) is wild
and paid a fiche (10 jetons, editorial rate) by each player, and "must be claimed before
another card is laid on it, or it is lost" (enc-comete p. 695, comète); kings are paid a jeton by
each player when laid (enc-comete p. 695, kings). The deal is the first of
examples/comete-deals.yaml (drafts/family/GAPS.md's): five players, Eve deals.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hocdsl.actions import CLAIM, PLAY, WITHOUT, Claim, Play
from hocdsl.announce import format_action, parse_announcement
from hocdsl.cards import parse_card
from hocdsl.engine import Game, IllegalAction
from hocdsl.engine.events import Claimed, Forfeited, Hoc, Played
from hocdsl.records import RecordError, parse_record, replay_record
from hocdsl.rules import load_ruleset
from hocdsl.engine.cardgame import hoc_kinds, need

NAMES = ["Anne", "Blaise", "Colette", "Dan", "Eve"]
ANNE, BLAISE, COLETTE, DAN, EVE = range(5)
HANDS = {
    "Anne": "7S 8S 9S 10S JS QS KS 9C 9H 4D",
    "Blaise": "10H 9D QD KD 8C 2C 3C 2H 5H 6H",
    "Colette": "AS AH 2S 3S 4S 5S 6S 7H 8H JH",
    "Dan": "AD AC 2D 3H 4H 5D 6D 7D 8D JD",
    "Eve": "3D 4C 5C 6C 7C JC QH QC KH KC",
}


@pytest.fixture(scope="module")
def comete():
    return load_ruleset("comete")


def record(blaise: str) -> str:
    hands = "\n".join(f"      {n}: {h}" for n, h in HANDS.items())
    return f"""
ruleset: comete
players: [Anne, Blaise, Colette, Dan, Eve]
deals:
  - dealer: Eve
    hands:
{hands}
    announcements:
      - "Anne: 7S 8S 9S 10S JS QS KS 9C without 10"
      - "Blaise: {blaise}"
      - "Colette: without 9"
      - "Dan: without 9"
      - "Eve: without 9"
      - "Anne: 9H without 10"
      - "Blaise: without 10"
      - "Colette: without 10"
      - "Dan: without 10"
      - "Eve: without 10"
      - "Anne: 4D"
"""


def replay(text: str, rules):
    return replay_record(parse_record(text, "comete-deal.yaml"), rules=rules)


# ------------------------------------------------------------ the claim ----


def test_the_comete_claimed_before_the_next_card_is_paid(comete) -> None:
    # GAPS.md: KS +4 to Anne, KD +4 to Blaise, the comète claimed +40 to Blaise, the
    # accidental hoc +4 to Anne; points and kings held at the end as worked there.
    r = replay(record("10H 9D hoc! QD KD 8C without 9"), comete)
    assert r.deals[0].net == {"Anne": 206, "Blaise": 26, "Colette": -58, "Dan": -58, "Eve": -116}
    claimed = [e for e in r.deals[0].game.events if isinstance(e, Claimed)]
    assert [(e.seat, e.card, e.kind, e.amount) for e in claimed] == [
        (BLAISE, parse_card("9D"), "principal", 10)]


def test_the_comete_not_claimed_before_qd_is_lost(comete) -> None:
    # GAPS.md: "If Blaise had not claimed the comète before QD, Blaise -14 and every other
    # net +10": the four fiches (40) are never paid.
    r = replay(record("10H 9D QD KD 8C without 9"), comete)
    assert r.deals[0].net == {"Anne": 216, "Blaise": -14, "Colette": -48, "Dan": -48, "Eve": -106}
    lost = [e for e in r.deals[0].game.events if isinstance(e, Forfeited)]
    assert [(e.seat, e.card, e.kind, e.amount) for e in lost] == [
        (BLAISE, parse_card("9D"), "principal", 10)]
    assert not any(isinstance(e, Claimed) for e in r.deals[0].game.events)


def test_a_claim_after_the_next_card_comes_too_late(comete) -> None:
    with pytest.raises(RecordError) as e:
        replay(record("10H 9D QD hoc! KD 8C without 9"), comete)
    assert "no hoc of Blaise's has just happened there" in str(e.value)


def test_without_claims_today_the_comete_is_paid_unclaimed(comete) -> None:
    # must_claim empty (the model's default, every bundled ruleset): paid at once, and
    # "hoc!" is only the optional check it always was.
    rules = comete.with_knobs({"card_game.must_claim": ()})
    for blaise in ("10H 9D QD KD 8C without 9", "10H 9D hoc! QD KD 8C without 9"):
        r = replay(record(blaise), rules)
        assert r.deals[0].net == {"Anne": 206, "Blaise": 26, "Colette": -58, "Dan": -58, "Eve": -116}
        assert not any(isinstance(e, (Claimed, Forfeited)) for e in r.deals[0].game.events)


def _deal(rules, hands=HANDS) -> Game:
    return Game(rules, NAMES, dealer=EVE, hands=[hands[n] for n in NAMES])


def _play(g: Game, *said: str) -> None:
    for text in said:
        for a in parse_announcement(text):
            g.apply(CLAIM if format_action(a) == "hoc!" else a)


def test_claim_is_offered_only_to_its_player_while_the_window_is_open(comete) -> None:
    g = _deal(comete)
    assert CLAIM not in g.legal_actions()
    with pytest.raises(IllegalAction) as e:
        g.apply(CLAIM)
    assert "must_claim" in e.value.rule and "enc-comete p. 695 (comète)" in e.value.rule
    _play(g, "7S 8S 9S 10S JS QS KS 9C without 10", "10H")
    assert CLAIM not in g.legal_actions()  # kings are paid without a claim (not in must_claim)
    g.apply(PLAY[parse_card("9D")])
    assert g.to_act == BLAISE and g.legal_actions()[0] == CLAIM
    assert g.net[BLAISE] == -1 + 0  # KS paid to Anne; the fiches only owed
    g.apply(CLAIM)
    assert g.net[BLAISE] == -1 + 40 and CLAIM not in g.legal_actions()
    with pytest.raises(IllegalAction):
        g.apply(Claim())  # claimed once


def test_laying_ones_last_card_closes_the_window(comete) -> None:
    # the accidental hoc to be claimed (a reading, for the test): nobody covers Anne's 9H
    rules = comete.with_knobs({"card_game.must_claim": ("accidental",)})
    g = _deal(rules)
    _play(g, "7S 8S 9S 10S JS QS KS 9C without 10", "10H 9D QD KD 8C without 9",
          "without 9", "without 9", "without 9", "9H without 10",
          "without 10", "without 10", "without 10", "without 10")
    # nobody has a ten: the accidental hoc is Anne's, owed, and the word is hers
    assert g.to_act == ANNE and g.legal_actions()[0] == CLAIM
    before = g.net[ANNE]
    g.apply(PLAY[parse_card("4D")])  # she goes out without claiming: the jeton is lost
    lost = [e for e in g.events if isinstance(e, Forfeited)]
    assert [(e.seat, e.kind, e.amount) for e in lost] == [(ANNE, "accidental", 1)]
    # only the points (187) and Eve's two kings held (1 to each, 10 to the winner): no hoc jetons
    assert g.is_over and g.net[ANNE] - before == 187 + 2 * (1 + 10)


# ---------------------------------------------------------- the words ----


def test_the_comete_claimed_with_its_own_word(comete) -> None:
    # card_game.claim_words: [comète]: "comète!" claims as "hoc!" does, the same nets as
    # worked by hand in examples/comete-deals.yaml (deal 1).
    r = replay(record("10H 9D comète! QD KD 8C without 9"), comete)
    assert r.deals[0].net == {"Anne": 206, "Blaise": 26, "Colette": -58, "Dan": -58, "Eve": -116}
    claimed = [e for e in r.deals[0].game.events if isinstance(e, Claimed)]
    assert [(e.seat, e.card, e.kind, e.amount) for e in claimed] == [
        (BLAISE, parse_card("9D"), "principal", 10)]
    # accents and case as the players type them
    assert replay(record("10H 9D Comete! QD KD 8C without 9"), comete).deals[0].net["Blaise"] == 26


def test_the_comete_word_is_refused_where_the_ruleset_has_no_such_claim() -> None:
    # Hoc Mazarin (lalanne §9.2): the king of hearts is a hoc, claimed "hoc!" only.
    passes = "".join(f'      - "{p}: pass"\n' for _ in range(3) for p in ("Anne", "Blaise"))
    text = ("ruleset: hoc-mazarin\nplayers: [Anne, Blaise]\ndeals:\n  - dealer: Blaise\n    hands:\n"
            "      Anne: 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QH KH AH 2H 3H\n"
            "      Blaise: AS AD AC 2D 2C 3D 3C 4D 4C 5D 5C 6D 6C 7D KC\n    announcements:\n" + passes
            + '      - "Anne: 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QH KH comète! AH 2H 3H"\n')
    with pytest.raises(RecordError) as e:
        replay_record(parse_record(text, "mazarin.yaml"))
    msg = str(e.value)
    assert msg.startswith("mazarin.yaml:15:53:")  # at the word, in the file
    assert '"comète!" is not a claim under hoc-mazarin' in msg and '"hoc!"' in msg
    assert replay_record(parse_record(text.replace("comète!", "hoc!"), "mazarin.yaml")).deals
    # and the announcement alone, with the ruleset's words
    from hocdsl.announce import AnnouncementError
    from hocdsl.announce.vocabulary import Vocabulary

    with pytest.raises(AnnouncementError) as e2:
        parse_announcement("10H 9D comète! QD", Vocabulary.from_ruleset(load_ruleset("hoc-mazarin")))
    assert e2.value.position == 7 and e2.value.found == "comète!"
    assert 'not a claim under hoc-mazarin: a hoc is marked or claimed with "hoc!"' in str(e2.value)


def test_claim_words_are_checked_where_they_are_written(tmp_path: Path) -> None:
    from hocdsl.rules.loader import validate_file

    f = tmp_path / "bad.yaml"
    f.write_text("format: 2\nname: bad\ntitle: T\nsummary: S.\nextends: comete\n"
                 "stages:\n  card_game:\n    kind: stops\n"
                 "    claim_words: {value: [comète, sans], editorial: a test}\n", encoding="utf-8")
    errors = validate_file(str(f))
    assert errors and errors[0].path == "card_game.claim_words.1"
    assert "already a word of the announcement language" in errors[0].expected


# ---------------------------------------------------------- leading as ----

SWAPPED = dict(HANDS, Anne="7S 8S 9S 10S JS QS KS 9C 9H 9D", Blaise="10H 4D QD KD 8C 2C 3C 2H 5H 6H")


def test_the_comete_leads_as_any_rank(comete) -> None:
    # Anne holds the comète (9D and 4D swapped). After KS (+4) she leads "9D as 4": the
    # comète played as a four (enc-manille §2), a fiche from each, claimed (+40); the run
    # goes on from the four. Blaise 5H 6H, Colette 7H 8H, Anne 9C, Blaise 10H, Colette JH,
    # Eve QH KH (king: +4 to Eve).
    g = _deal(comete, SWAPPED)
    _play(g, "7S 8S 9S 10S JS QS KS")
    assert Play(parse_card("9D"), 4) in g.legal_actions()
    g.apply(Play(parse_card("9D"), 4))
    led = [e for e in g.events if isinstance(e, Played) and e.card == parse_card("9D")][0]
    assert led.as_rank == 4 and led.lead and need(g) == 5
    _play(g, "hoc! without 5", "5H 6H without 7", "7H 8H without 9", "without 9", "without 9",
          "9C without 10", "10H without J", "JH without Q", "without Q", "QH KH")
    assert g.net == (43, -12, -12, -12, -7)


def test_saying_without_closes_the_window(comete) -> None:
    # "9D as 4" and, holding no five, "without 5" before "hoc!": under claim_window:
    # next-card (the engine's old rule; comete.yaml now plays next-card-laid, enc-comete p.
    # 695) the fiche is lost.
    g = _deal(comete.with_knobs({"card_game.claim_window": "next-card"}), SWAPPED)
    _play(g, "7S 8S 9S 10S JS QS KS 9D as 4")
    assert g.legal_actions()[0] == CLAIM
    g.apply(WITHOUT[5])
    lost = [e for e in g.events if isinstance(e, Forfeited)]
    assert [(e.seat, e.card, e.kind, e.amount) for e in lost] == [(ANNE, parse_card("9D"), "principal", 10)]
    assert g.net == (4, -1, -1, -1, -1) and g.to_act == BLAISE


def test_leading_as_another_rank_needs_the_knob(comete) -> None:
    rules = comete.with_knobs({"card_game.principal_lead_as": "own-rank"})
    g = _deal(rules, SWAPPED)
    _play(g, "7S 8S 9S 10S JS QS KS")
    assert Play(parse_card("9D"), 4) not in g.legal_actions()
    with pytest.raises(IllegalAction) as e:
        g.apply(Play(parse_card("9D"), 4))
    assert "principal_lead_as" in e.value.rule
    g.apply(PLAY[parse_card("9D")])
    assert need(g) == 10  # led as itself, a nine


def test_the_lead_as_announcement_reads_both_ways() -> None:
    assert parse_announcement("9D as 4") == [Play(parse_card("9D"), 4)]
    assert parse_announcement("9D comme quatre hoc! 5H") == [
        Play(parse_card("9D"), 4), parse_announcement("hoc!")[0], PLAY[parse_card("5H")]]
    assert parse_announcement("9D AS 2S") == [PLAY[parse_card("9D")], PLAY[parse_card("AS")],
                                               PLAY[parse_card("2S")]]
    assert format_action(Play(parse_card("9D"), 12), lang="fr") == "9D comme dame"


# ------------------------------------------------- what a wild card is ----


def _as_king(rules) -> Game:
    g = _deal(rules, SWAPPED)
    _play(g, "7S 8S 9S 10S JS QS KS")
    g.apply(Play(parse_card("9D"), 13))  # the comète led as a king
    if CLAIM in g.legal_actions():
        g.apply(CLAIM)
    return g


def test_the_comete_as_a_king_counts_as_itself(comete) -> None:
    # wild_counts_as: itself (the draft's reading): the fiche only, no king's jeton, no
    # end-of-run hoc; a king ends the run all the same: Anne leads anew.
    g = _as_king(comete)
    assert g.net == (44, -11, -11, -11, -11)
    assert [(e.card, e.kind) for e in g.events if isinstance(e, Hoc)] == [
        (parse_card("KS"), "end-of-run"), (parse_card("9D"), "principal")]
    assert need(g) == 0 and g.to_act == ANNE


def test_the_comete_as_a_king_counts_as_the_king(comete) -> None:
    # wild_counts_as: card-stood-for (the draft's alternative): the fiche and the king's
    # jeton (enc-comete §kings), and an end-of-run hoc (unpaid under this ruleset).
    g = _as_king(comete.with_knobs({"card_game.wild_counts_as": "card-stood-for"}))
    assert g.net == (48, -12, -12, -12, -12)
    assert [(e.card, e.kind) for e in g.events if isinstance(e, Hoc)] == [
        (parse_card("KS"), "end-of-run"), (parse_card("9D"), "principal"), (parse_card("9D"), "end-of-run")]
    assert need(g) == 0 and g.to_act == ANNE


def test_a_wild_card_that_is_no_hoc(comete) -> None:
    # principal_is_hoc false (the manille's reading): no fiche, no principal hoc; made a
    # king and counted as one it is paid the king's jeton only.
    g = _as_king(comete.with_knobs({"card_game.principal_is_hoc": False,
                                    "card_game.wild_counts_as": "card-stood-for"}))
    assert g.net == (8, -2, -2, -2, -2)
    assert [e.kind for e in g.events if isinstance(e, Hoc)] == ["end-of-run", "end-of-run"]
    assert hoc_kinds(g) == {"end-of-run": 2}


# --------------------------------------------------- a board box claimed ----

NAIN_A = ["AC 2C 3C 4C 5C 6C 8C 9C 10C JC QC KC 4H 5H 9H",
          "7C 7S AH 2H 3H 6H 8H 10H JH QH KH AS 2S 3S 10D",
          "4S 5S 6S 8S 10S JS QS KS AD 4D 5D 9D JD QD KD"]


def _lowest_card_play(rules, forget: str | None) -> Game:
    """GAPS-nainjaune's deal A, each player laying his lowest legal card (by rank, then
    suit) and claiming at once, except the box of ``forget``."""
    g = Game(rules, 3, dealer=2, hands=NAIN_A)
    while not g.is_over:
        legal = g.legal_actions()
        if CLAIM in legal:
            last = [e for e in g.events if isinstance(e, Played)][-1]
            if last.card != (parse_card(forget) if forget else -1):
                g.apply(CLAIM)
                continue
            legal = legal[1:]
        plays = [a for a in legal if isinstance(a, Play)]
        g.apply(min(plays, key=lambda a: (a.card % 13, a.card // 13)) if plays else legal[0])
    return g


def test_a_board_box_not_announced_stays_on_the_board() -> None:
    # nain-jaune-1760, deal A (GAPS-nainjaune.md): the dealer (seat 2) stakes the board
    # 1-5; seat 0 lays JC and takes the jack box (2), seat 1 10D (ten, 1) and KH as his last
    # card (king, 4: the hand ends on it); losers pay a jeton a card: seat 0 2, seat 2 7.
    rules = load_ruleset("nain-jaune-1760")
    g = _lowest_card_play(rules, None)
    assert g.net == (0, 14, -22) and g.pools == {"ten": 0, "jack": 0, "queen": 3, "king": 0, "nain": 5}
    # wp-nainjaune §1760 rules: a hoc not announced loses its stake, which stays on the board
    g = _lowest_card_play(rules, "JC")
    assert g.net == (-2, 14, -22) and g.pools["jack"] == 2
    lost = [e for e in g.events if isinstance(e, Forfeited)]
    assert [(e.seat, e.kind, e.amount, e.pool) for e in lost] == [(0, "board", 2, "jack")]


@pytest.mark.parametrize("kind", ["heuristic", "random"])
def test_bots_always_claim(comete, kind) -> None:
    """Bots never forget a claim, so simulations are those of a ruleset without claims."""
    import random

    from hocdsl.bots import make_bot
    from hocdsl.engine import deal_hands
    from hocdsl.pack import pack_of

    rng = random.Random(2)
    claimed = 0
    for seed in range(40):
        bots = [make_bot(kind, comete, s, random.Random(seed * 7 + s)) for s in range(4)]
        g = Game(comete, 4, dealer=0, hands=deal_hands(13, 4, 1, rng, pack_of(comete).mask),
                 auto_forced=True)
        while not g.is_over:
            g.apply(bots[g.to_act].choose(g.view(g.to_act)))
        assert not any(isinstance(e, Forfeited) for e in g.events)
        claimed += sum(isinstance(e, Claimed) for e in g.events)
    assert claimed > 20  # the comète was laid and claimed in most hands
