"""The bundled rulesets say what their sources say.

Expected figures are worked out by hand from the sources, not from the code:
Lalanne 002 §9.3, Wikipedia 001 §Stage 2 Payment, Hoca 003 (end-payment
paragraph, "au-dessus de 10"), and Lalanne 002 §6 for the triple game.
"""

from __future__ import annotations

import pytest

from hocdsl.rules import bundled_extensions, bundled_rulesets, load_ruleset

MAZARIN = load_ruleset("hoc-mazarin")
WIKIPEDIA = load_ruleset("hoc-mazarin-wikipedia")
HOCA = load_ruleset("hoca")
LITERAL = load_ruleset("hoca-literal")
#: knobs format 2 added (hoc migrate fills them with hocdsl 0.1's behaviour, saying so)
NEW_IN_FORMAT_2 = {
    "cards", "rest", "ante_by", "card", "double_when", "runs", "after_top", "end_of_run_pay",
    "accidental_pay", "accidental_restart", "permanent_hocs", "permanent_pay", "principal_pay",
    "principal_after", "paid_when_laid", "board_laid", "losers_pay", "per_card", "held_charges",
    "board_held", "first_turn_out",
}
#: every knob path of the bundled rulesets (they have the same pools and stages)
KNOB_PATHS = tuple(MAZARIN.knobs())

# cards left -> what each loser pays, by hand from the sentences of the sources
LALANNE_END = {1: 6, 2: 4, 3: 3, 4: 4, 9: 9, 10: 20, 11: 22, 12: 24, 15: 30}
WIKIPEDIA_END = {**LALANNE_END, 2: 8}
# threshold reading: more than ten cards pay 2 each, fewer 1 each; ten borrowed from Lalanne (20)
HOCA_END = {1: 6, 2: 4, 3: 3, 9: 9, 10: 20, 11: 22, 13: 26, 15: 30}
# literal reading: 1 for each of the first ten cards, 2 for each card past the tenth
LITERAL_END = {1: 6, 2: 4, 3: 3, 9: 9, 10: 10, 11: 12, 13: 16, 15: 20}


def test_the_bundled_set() -> None:
    assert set(bundled_rulesets()) >= {"hoc-mazarin", "hoc-mazarin-wikipedia", "hoca", "hoca-literal"}
    assert "triple-game" in bundled_extensions()


@pytest.mark.parametrize(("rules", "table"), [
    (MAZARIN, LALANNE_END), (WIKIPEDIA, WIKIPEDIA_END), (HOCA, HOCA_END), (LITERAL, LITERAL_END),
], ids=["hoc-mazarin", "wikipedia", "hoca", "hoca-literal"])
def test_end_payment(rules, table) -> None:
    for cards, owed in table.items():
        assert rules.settle.owed(cards) == owed, (rules.name, cards)


@pytest.mark.parametrize("rules", [MAZARIN, WIKIPEDIA, HOCA, LITERAL], ids=lambda r: r.name)
def test_end_payment_covers_every_hand(rules) -> None:
    for cards in range(1, max(rules.deal.hand_size.values()) + 1):
        assert rules.settle.owed(cards) > 0


def test_wikipedia_differs_from_the_academie_only_where_the_article_does() -> None:
    a, b = MAZARIN.knobs(), WIKIPEDIA.knobs()
    differ = {p for p in KNOB_PATHS if a[p] != b[p]}
    assert differ == {
        "bidding.precedence", "sequence.names", "tricon.names",
        "card_game.principal_wild", "settle.end_payment",
    }
    assert WIKIPEDIA.bidding.precedence == "eldest"
    assert WIKIPEDIA.tricon.names[4][0] == "fredon"
    assert WIKIPEDIA.card_game.principal_wild == "always"
    # restated with the article as authority though the value is the parent's
    for path in ("sequence.counts_up_to", "sequence.longer_ranks_higher", "card_game.principal_lead_pays"):
        assert WIKIPEDIA.provenance[path].declared_in == "hoc-mazarin-wikipedia"
        assert WIKIPEDIA.provenance[path].source == "wikipedia"
    # every override names the article and a section
    for path in KNOB_PATHS:
        p = WIKIPEDIA.provenance.get(path)
        if p is not None and p.declared_in == "hoc-mazarin-wikipedia":
            assert p.source == "wikipedia" and p.section, path


def test_hoca_sets_every_knob_itself() -> None:
    assert HOCA.extends == ()
    assert tuple(HOCA.knobs()) == KNOB_PATHS
    for path in KNOB_PATHS:
        p = HOCA.provenance.get(path)
        if p is None:  # left at the model's default, as hoc-mazarin leaves it
            assert path not in MAZARIN.provenance, path
            continue
        assert p.declared_in == "hoca", path
        if p.editorial is not None and p.editorial.startswith("added by hoc migrate"):
            # a knob format 2 added, still at the value hocdsl 0.1 played: only the new knobs
            assert path.rpartition(".")[2] in NEW_IN_FORMAT_2, path
        elif p.editorial is not None:
            # a gap in the page, filled from the Académie and saying so
            assert "lalanne" in p.editorial or "hoc-mazarin" in p.editorial, path
        elif p.kind == "borrowed":
            assert p.source == "lalanne" and p.section, path
        else:
            assert p.source == "hoca" and p.section, path


def test_hoca_choices() -> None:
    assert HOCA.sequence.longer_ranks_higher is True
    assert HOCA.sequence.counts_up_to == 5
    assert HOCA.bidding.precedence == "eldest"
    assert HOCA.tricon.claim == "all-held"
    assert HOCA.sequence.claim == "declared-only"
    assert HOCA.card_game.principal_wild == "when-missing"
    assert HOCA.card_game.opening_lead == "lowest"
    assert HOCA.point.keys == ("value",)


def test_hoca_literal_changes_only_the_end_payment() -> None:
    a, b = HOCA.knobs(), LITERAL.knobs()
    assert {p for p in KNOB_PATHS if a[p] != b[p]} == {"settle.end_payment"}


def test_triple_game_extension() -> None:
    for name in ("hoc-mazarin", "hoca"):
        base = load_ruleset(name)
        tripled = load_ruleset(name, with_=["triple-game"])
        assert tripled.bidding.max_multiplier == 3
        assert tripled.provenance["bidding.max_multiplier"].cite() == "lalanne §6"
        # nothing else moves: past_cap and the rest stay the base's
        changed = {p for p in KNOB_PATHS if base.knobs()[p] != tripled.knobs()[p]}
        assert changed == {"bidding.max_multiplier"}
