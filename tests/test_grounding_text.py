"""Claim grounding (issue 9) of text values and dates in a single-subject context (a biography:
every sentence is about its subject), as key/value tables use it."""

from __future__ import annotations

import pytest

from tablehallu import Config
from tablehallu.detectors.grounding.claims import (
    CONTRADICTED,
    STATED,
    UNSTATED,
    ClaimVerdict,
    Grounder,
    abbreviated,
    spell_out,
)
from tablehallu.normalize import type_cell
from tablehallu.normalize.forms import expand_age_grades, expand_degrees

BIO = (
    "john albert smith (b. september 24, 1981) is an american jazz pianist and composer. "
    "he was born in new orleans, louisiana. "
    "he has played with the duke quartet, the river band and the harbor trio."
)


def check(context: str, attribute: str, value: str) -> ClaimVerdict:
    return Grounder(context, ("",), Config(), subject=0).check(0, attribute, type_cell(value))


def test_birth_place_is_stated_with_its_sentence_as_evidence() -> None:
    v = check(BIO, "birth_place", "New Orleans, Louisiana")
    assert v.status == STATED
    assert (
        v.evidence is not None and v.evidence.sentence == "he was born in new orleans, louisiana."
    )
    assert BIO[v.evidence.start : v.evidence.end] == v.evidence.sentence


def test_a_place_the_text_never_names_is_unstated() -> None:
    assert check(BIO, "birth_place", "Chicago, Illinois").status == UNSTATED


def test_a_field_the_text_never_mentions_is_unstated_not_contradicted() -> None:
    assert check(BIO, "religion", "Catholic").status == UNSTATED


def test_a_list_whose_items_are_all_stated_is_stated() -> None:
    assert check(BIO, "associated_acts", "Duke Quartet, River Band, Harbor Trio").status == STATED


def test_a_list_with_one_unstated_item_is_unstated() -> None:
    assert check(BIO, "associated_acts", "Duke Quartet, River Band, Blue Notes").status == UNSTATED


@pytest.mark.parametrize("value", ["poet", "Welsh"])
def test_a_word_of_the_text_is_stated(value: str) -> None:
    assert (
        check("mary jones (born 24 september 1981) is a welsh poet.", "x", value).status == STATED
    )


def test_another_occupation_is_unstated() -> None:
    ctx = "mary jones (born 24 september 1981) is a welsh poet."
    assert check(ctx, "occupation", "novelist").status == UNSTATED


# -- dates ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "ctx",
    [
        "john smith (b. september 24, 1981) is an american jazz pianist.",
        "john smith (born 24 september 1981) is an american jazz pianist.",
    ],
)
@pytest.mark.parametrize("value", ["september 24, 1981", "24 September 1981", "1981-09-24"])
def test_a_date_is_stated_whatever_the_order_of_its_parts(ctx: str, value: str) -> None:
    v = check(ctx, "birth_date", value)
    assert v.status == STATED
    ev = v.evidence
    assert ev is not None and ev.value_start is not None
    assert ctx[ev.value_start : ev.value_end] == "1981"


@pytest.mark.parametrize("value", ["september 25, 1981", "october 24, 1981", "september 24, 1982"])
def test_a_date_differing_in_day_month_or_year_is_not_stated(value: str) -> None:
    assert check(BIO, "birth_date", value).status == UNSTATED


LAUNCHES = (
    "The Cruffin, a pastry, came out in Q4 2022. The Blondie joined the menu in the third "
    "quarter of 2022. The Latte was launched in February 2022."
)


@pytest.mark.parametrize(
    ("name", "value", "status"),
    [
        ("Cruffin", "Q4 2022", STATED),
        ("Cruffin", "2022 Q4", STATED),
        ("Cruffin", "Q1 2022", UNSTATED),  # the same year, another quarter
        ("Blondie", "Q3 2022", STATED),
        ("Blondie", "Q2 2022", UNSTATED),
        ("Latte", "Q1 2022", STATED),  # a month of the quarter
        ("Latte", "Q2 2022", UNSTATED),
    ],
)
def test_a_quarter_is_stated_only_at_the_quarters_precision(
    name: str, value: str, status: str
) -> None:
    names = ("Cruffin", "Blondie", "Latte")
    g = Grounder(LAUNCHES, names, Config())
    assert g.check(names.index(name), "Launched", type_cell(value)).status == status


def test_an_ordinal_in_digits_is_stated_by_the_same_ordinal_in_words() -> None:
    ctx = "Rice was elected as a Federalist to the fourteenth and fifteenth congresses."
    g = Grounder(ctx, ("Rice",), Config(), subject=0)
    assert g.check(0, "US Representative", type_cell("14th and 15th congresses")).status == STATED
    assert g.check(0, "US Representative", type_cell("16th congress")).status != STATED


def test_a_sentence_naming_no_one_states_a_text_value_only_when_it_refers_back() -> None:
    names = ("Hollybrook Manufacturing", "Aerowell Leasing")
    general = (
        "Hollybrook Manufacturing defaulted in December. "
        "Distressed exchanges typically left investors with smaller losses."
    )
    g = Grounder(general, names, Config())
    assert g.check(0, "Resolution", type_cell("Distressed exchange")).status == UNSTATED
    back = general.replace("Distressed exchanges typically", "Its distressed exchange")
    g = Grounder(back, names, Config())
    assert g.check(0, "Resolution", type_cell("Distressed exchange")).status == STATED


def test_a_compound_ordinal_in_words_states_it_in_digits() -> None:
    ctx = "He was reelected to the seventy-third and seventy-fourth congresses."
    g = Grounder(ctx, ("Rogers",), Config(), subject=0)
    assert g.check(0, "US Representative", type_cell("73rd, 74th congresses")).status == STATED
    assert g.check(0, "US Representative", type_cell("75th congress")).status != STATED


@pytest.mark.parametrize(
    ("value", "ctx"),
    [
        ("lawyer", "He studied law and was admitted to the bar in 1899."),
        ("businessman", "He later went into business in Pensacola."),
        ("congressman", "He was elected to the Congress in 1901."),
        ("farmer", "He learned to farm and later retired to his farm near Dover."),
    ],
)
def test_an_agent_noun_is_stated_by_its_field(value: str, ctx: str) -> None:
    g = Grounder(ctx, ("Loftin",), Config(), subject=0)
    assert g.check(0, "Profession", type_cell(value)).status == STATED
    assert g.check(0, "Profession", type_cell("physician")).status == UNSTATED


def test_a_lower_case_country_code_counts_in_a_lower_cased_text() -> None:
    ctx = "shirley fry is a former american tennis player ranked in the united states."
    g = Grounder(ctx, ("shirley fry",), Config(), subject=0)
    assert g.check(0, "Country", type_cell("usa")).status == STATED


@pytest.mark.parametrize(
    ("value", "ctx"), [("Methodist", "A method was found."), ("guardian", "He was a guard.")]
)
def test_a_word_is_no_agent_noun_of_another(value: str, ctx: str) -> None:
    g = Grounder(ctx, ("x",), Config(), subject=0)
    assert g.check(0, "Religion", type_cell(value)).status != STATED


def test_an_er_noun_is_stated_only_by_a_listed_root() -> None:
    g = Grounder("He was a fine cook who liked to paint.", ("x",), Config(), subject=0)
    assert g.check(0, "Occupation", type_cell("painter")).status == UNSTATED


def test_a_year_written_with_an_apostrophe_is_stated() -> None:
    bio = "he finished 6th in heisman trophy voting for his '86 season; the 1987 draft followed."
    assert check(bio, "heisman trophy", "6th place, 1986").status == STATED
    assert check(bio, "heisman trophy", "1986").status == STATED
    assert check(bio, "heisman trophy", "7th place, 1986").status != STATED


def test_an_agent_noun_is_stated_by_its_field_with_that_sentence_as_evidence() -> None:
    bio = "he studied law. he was interred in edgell grove cemetery."
    v = check(bio, "profession", "lawyer")
    assert v.status == STATED and v.evidence is not None
    assert v.evidence.sentence == "he studied law."


def test_yes_under_a_field_is_stated_when_the_text_says_the_field() -> None:
    bio = "he took over as youth coach in 1985 and was later appointed fai director of coaching."
    assert check(bio, "fai director of coaching", "yes").status == STATED
    assert check(bio, "hall of fame member", "yes").status == UNSTATED


def test_a_national_spelling_is_no_respelling_but_a_changed_letter_is() -> None:
    bio = "she was treated for hemophilia a in brazil. her name was written minal mahesh patel."
    assert check(bio, "condition", "haemophilia A").status != "contradicted"
    assert check(bio, "country", "Brasil").status != "contradicted"
    assert check(bio, "name", "minar mahesh patel").status == "contradicted"
    # a doubled or changed letter of a name is no national spelling
    bio = "she married michael perez in 1990 and traveled to brazil."
    assert check(bio, "spouse", "michel perez").status == "contradicted"
    assert check(bio, "spouse", "michael peres").status == "contradicted"
    assert check(bio, "trip", "travelled to Brasil").status != "contradicted"


def test_a_surname_is_not_read_as_an_agent_noun() -> None:
    bio = "he studied law. the new coach saw the team win."
    assert check(bio, "profession", "lawyer").status == STATED
    assert check(bio, "coach", "Newman").status != STATED
    assert check(bio, "coach", "Sawyer").status != STATED


def test_one_reading_of_abbreviations_for_values_and_names() -> None:
    assert abbreviated("Banksia Univ. School") and abbreviated("SAR imaging")
    assert not abbreviated("Banksia University") and not abbreviated("St")
    words = ["universities", "university", "center"]
    assert spell_out("Univ.", words) == "universities"  # the first the caller lists
    assert spell_out("Univ.", ["university"]) == "university"
    assert spell_out("Univ", words) is None  # no abbreviation without its dot
    assert spell_out("Xyz.", words) is None


# -- key/value forms (issue 9, WikiBio) ---------------------------------------------------------
def test_each_side_of_a_match_is_an_item_to_state() -> None:
    ctx = (
        "anna berg (born 1970) is a swedish cricketer. she made her debut for sweden in 1995, "
        "in a match against the norwegian side. she later played against norway twice."
    )
    assert check(ctx, "debut match", "Sweden vs Norway").status == STATED
    assert check(ctx, "debut match", "Sweden vs Finland").status == UNSTATED


@pytest.mark.parametrize(("value", "status"), [("2001-present", STATED), ("2003 – now", UNSTATED)])
def test_a_span_with_an_open_end_is_stated_by_its_start(value: str, status: str) -> None:
    ctx = "tom reed (born 1950) is a judge. he was appointed in 2001 and still sits on the court."
    assert check(ctx, "judge of the court", value).status == status


def test_a_country_is_stated_by_its_code_written_with_dots() -> None:
    ctx = "bill west (born 1930) was a swimmer. he swam for the u.s. team at the 1952 olympics."
    assert check(ctx, "olympic team", "USA").status == STATED
    assert check(ctx, "olympic team", "United States").status == STATED
    # a code's letters inside a word are no code ("bus." is no "U.S.")
    other = "bill west (born 1930) was a swimmer. he came by bus. he swam at the olympics."
    assert check(other, "olympic team", "USA").status == UNSTATED


# -- roles: a value the text gives in another role ----------------------------------------------
LIFE = (
    "paul gray (march 3, 1901 -- june 9, 1970) was an english organist. he was born in "
    "leeds and later lived in york. he died in hospital at age 69, and was buried at "
    "st mary's churchyard in hexham."
)


def test_a_burial_place_given_as_the_place_of_death_is_contradicted() -> None:
    v = check(LIFE, "death place", "St Mary's Churchyard, Hexham")
    assert v.status == CONTRADICTED
    assert v.evidence is not None and "buried" in v.evidence.sentence
    assert check(LIFE, "burial place", "St Mary's Churchyard, Hexham").status == STATED
    assert check(LIFE, "birth place", "Leeds").status == STATED


def test_a_final_resting_place_is_a_burial_place() -> None:
    ctx = (
        "tom burr (1893 -- 1918) was a pitcher. burr was interred in american expeditionary "
        "forces cemetery no. 29. the cemetery was later deconsecrated and his body was "
        "repatriated. burr's final resting place became rosehill cemetery in chicago."
    )
    assert check(ctx, "final resting place", "rosehill cemetery, chicago").status == STATED
    assert check(ctx, "burial place", "rosehill cemetery").status == STATED
    assert check(ctx, "death place", "rosehill cemetery").status != STATED


def test_a_place_written_only_as_part_of_another_name_is_unstated() -> None:
    ctx = "tom lips (born 1968) is a retired soccer defender. he attended hauppauge high school."
    v = check(ctx, "birth place", "hauppauge")
    assert v.status == UNSTATED and "another name" in v.reason
    born = ctx + " he was born in hauppauge."
    assert check(born, "birth place", "hauppauge").status == STATED
    lived = "tom lips (born 1968) is a defender. he lives in hauppauge with his wife."
    assert check(lived, "residence", "hauppauge").status == STATED


def test_a_place_named_in_the_field_role_too_is_stated() -> None:
    ctx = "ann ray (1900 -- 1980) was a poet. she died in paris, where she was buried."
    assert check(ctx, "death place", "Paris").status == STATED
    assert check(ctx, "burial place", "Paris").status == STATED


def test_a_place_named_elsewhere_and_only_buried_in_is_unstated() -> None:
    ctx = "ann ray (1900 -- 1980) was a poet. she taught in lyon. she was buried in lyon."
    assert check(ctx, "death place", "Lyon").status == UNSTATED


def test_a_degree_the_text_gives_another_university_is_contradicted() -> None:
    ctx = (
        "lee park (born 1950) is a chemist. she studied at carlton college, and received "
        "her m.a. from the university of ottawa in 1975 and her ph.d. from mcgill university."
    )
    v = check(ctx, "MA", "Carlton College")
    assert v.status == STATED  # a college is no university: nothing of its kind to contradict
    assert check(ctx, "MA", "McGill University").status == CONTRADICTED  # the ph.d.'s
    assert check(ctx, "PhD", "McGill University").status == STATED
    assert check(ctx, "MA", "University of Ottawa (1975)").status == STATED
    attended = (
        "she attended mcgill university. she received her m.a. from the university of ottawa."
    )
    v = check("lee park (born 1950) is a chemist. " + attended, "MA", "McGill University")
    assert v.status == CONTRADICTED and v.stated_value == "university of ottawa"


def test_a_value_written_only_as_part_of_a_venue_name_is_unstated() -> None:
    ctx = (
        "sam hill (1890 -- 1950) was a pitcher for the boston reds. in 1912 he pitched at "
        "eastern league park against the hartford team."
    )
    v = check(ctx, "league", "Eastern League")
    assert v.status == UNSTATED and v.stated_value == "eastern league park"
    assert check(ctx, "venue", "Eastern League Park").status == STATED
    # the field names the head: "Harvard College" states "College: Harvard"
    assert check("tim cole (born 1950) went to harvard college.", "college", "Harvard").status == (
        STATED
    )
    both = ctx + " the reds played in the eastern league."
    assert check(both, "league", "Eastern League").status == STATED


@pytest.mark.parametrize(
    ("people", "country"), [("polish", "Poland"), ("dutch", "Netherlands"), ("kenyan", "Kenya")]
)
def test_a_country_is_stated_by_its_people(people: str, country: str) -> None:
    ctx = f"eva nowak (1920 -- 1990) was a {people} sprinter. she ran at the 1948 olympics."
    assert check(ctx, "country", country).status == STATED
    assert check(ctx, "country", "Austria").status == UNSTATED


def test_a_place_the_text_gives_only_as_where_one_moved_is_no_place_of_death() -> None:
    ctx = "ole berg (1880 -- 1940) was a painter. in 1930 he moved to norway, and died in 1940."
    assert check(ctx, "death place", "Norway").status == CONTRADICTED
    assert check(ctx, "residence", "Norway").status == STATED


@pytest.mark.parametrize(
    "ctx",
    [
        "ian hale (1850 -- 1920) was a potter. he was born in derby, and died there in 1920.",
        "ian hale (1850 -- 1920) was a potter. he died on may 2, 1920, in derby.",
        "ian hale (1850 -- 1920) was a potter. he lived in derby until his death.",
        "ian hale (1850 -- 1920) was a potter. he lived in derby, and died in his home in 1920.",
        "ian hale (1850 -- 1920) was a potter. he was born and later died in derby.",
    ],
)
def test_a_place_the_text_also_gives_in_the_fields_role_is_stated(ctx: str) -> None:
    assert check(ctx, "death place", "Derby").status == STATED


def test_role_words_count_only_under_a_field_of_that_kind() -> None:
    ctx = "ian hale (1850 -- 1920) was a potter. he was born ian peter hale in derby."
    # a name under "birth name" is no place of birth
    assert check(ctx, "birth name", "ian peter hale").status == STATED
    # a value that names the role itself is not read against it
    deg = "kim roe (born 1960) is an economist. she earned a ph.d. in economics at yale."
    assert check(deg, "phd", "Ph.D. in Economics").status == STATED


def test_two_degrees_given_one_university_are_both_stated() -> None:
    ctx = (
        "tom fox (born 1940) is a priest. he received his b.a. in 1962 and m.a. in 1965 "
        "from the university of leeds."
    )
    assert check(ctx, "BA", "University of Leeds").status == STATED
    assert check(ctx, "MA", "University of Leeds").status == STATED


def test_an_institutions_name_states_its_short_form() -> None:
    ctx = (
        "rose may (1901 -- 1980) was a nun of the roman catholic church. "
        "she studied at yale university."
    )
    assert check(ctx, "religion", "Roman Catholic").status == STATED
    assert check(ctx, "alma mater", "Yale").status == STATED


def test_a_finish_claimed_as_the_best_needs_the_text_to_say_so() -> None:
    ctx = "ed cole (1920 -- 1990) was a golfer. he tied for third at the 1954 open."
    assert check(ctx, "open best finish", "3rd (1954)").status == UNSTATED
    assert check(ctx, "1954 open finish", "3rd (1954)").status == STATED
    # a top rank is an extreme by itself; "most recent" claims no extreme
    top = "ed cole (1920 -- 1990) was a golfer. he was ranked world no. 1 in 1950."
    assert check(top, "highest ranking", "world no. 1").status == STATED
    assert check(ctx, "most recent open", "1954").status == STATED


def test_figures_called_the_best_where_the_text_writes_them_are_the_best() -> None:
    # "8 for 34": the read words are "34" alone, also the age of a later sentence; the
    # sentence writing the figures whole says they are the best
    ctx = (
        "tom penn (1850 -- 1884) was a cricketer. he took 222 first class wickets with a best "
        "performance of 8 for 34. penn died at lee, at the age of 34."
    )
    assert check(ctx, "best bowling", "8 for 34").status == STATED
    plain = (
        "tom penn (1850 -- 1884) was a cricketer. he once took 8 for 34 against kent. "
        "penn died at lee, at the age of 34."
    )
    assert check(plain, "best bowling", "8 for 34").status == UNSTATED


@pytest.mark.parametrize(
    ("sentence", "value"),
    [
        ("he reached his half-century only once, when he scored 95 against essex.", "95"),
        ("he scored 682 runs at an average of 9.34, with a single half century score of 60.", "60"),
        ("he scored five half-centuries and one century, 103 against england.", "103"),
    ],
)
def test_the_sole_score_past_a_milestone_is_the_highest(sentence: str, value: str) -> None:
    ctx = f"ben ash (1880 -- 1950) was a cricketer. {sentence}"
    assert check(ctx, "highest score", value).status == STATED
    # a score with no word saying it is the only one past a milestone is no highest
    plain = "ben ash (1880 -- 1950) was a cricketer. he scored 95 against essex in 1901."
    assert check(plain, "highest score", "95").status == UNSTATED
    several = "ben ash (1880 -- 1950) was a cricketer. he scored 95 and three centuries."
    assert check(several, "highest score", "95").status == UNSTATED


@pytest.mark.parametrize(
    "sentence",
    [
        "he scored one century, 103, and a double century, 210 against kent.",
        "he made his only century in 1901 and scored 45 against kent.",
        # a sole milestone of one format is no highest score of all
        "he made his only test century, 103, and scored 12 first-class centuries.",
    ],
)
def test_a_score_beside_a_sole_milestone_is_no_highest_when_under_it_or_outdone(
    sentence: str,
) -> None:
    # a double century is past the century too; 45 is past no century
    ctx = f"ben ash (1880 -- 1950) was a cricketer. {sentence}"
    figure = "103" if "103" in sentence else "45"
    assert check(ctx, "highest score", figure).status != STATED


def test_a_name_suffix_is_stated_in_its_other_short_forms() -> None:
    ctx = (
        "ron taylor (1925 -- 2000) was a footballer. the son of john taylor sr., taylor, along "
        "with his brothers john jnr. and laurie, began his career at west adelaide."
    )
    assert check(ctx, "brothers", "John Jr., Laurie").status == STATED
    assert check(ctx, "brothers", "John Jr.").status == STATED
    assert check(ctx, "brothers", "Peter Jr., Laurie").status == UNSTATED


def test_a_place_the_text_gives_the_role_in_part_is_not_contradicted() -> None:
    ctx = "ian hale (1850 -- 1920) was a potter. he was born in the village of brill in kent."
    assert check(ctx, "birth place", "Brill near Ashford, Kent").status != CONTRADICTED


def test_a_value_ending_a_line_is_no_part_of_the_next_lines_name() -> None:
    # "park" opens the next line: the league is named on its own, not as "Eastern League Park"
    ctx = "sam hill was a pitcher in the eastern league\npark signed him in 1912."
    assert check(ctx, "league", "Eastern League").status == STATED


SEQ = (
    "tom reed (1930 -- 1999) was an american pitcher. he was born in dayton, ohio. "
    "reed signed with the chicago cubs as an amateur in 1950. "
    "he made his major league debut for the boston braves on april 4, 1953. "
    "he was traded to the detroit tigers in 1957. "
    "he finished his career with the cleveland indians in 1961, and retired after the season. "
    "he played in the all-star game in 1958, which was the inaugural game at the new park."
)


def test_a_first_of_a_sequence_is_stated_where_the_text_says_first() -> None:
    assert check(SEQ, "debut team", "Boston Braves").status == STATED
    assert check(SEQ, "major league debut", "April 4, 1953").status == STATED
    assert check(SEQ, "final team", "Cleveland Indians").status == STATED
    assert check(SEQ, "last season", "1961").status == STATED


def test_a_team_named_without_first_or_last_is_not_the_debut_or_final_team() -> None:
    # "signed with the chicago cubs": a team he joined, not the one he debuted for
    v = check(SEQ, "debut team", "Chicago Cubs")
    assert v.status == UNSTATED and "first" in v.reason
    assert check(SEQ, "final team", "Detroit Tigers").status == UNSTATED
    # the value is still his team: a field naming no end of a sequence keeps it stated
    assert check(SEQ, "teams", "Chicago Cubs").status == STATED


def test_a_value_said_to_be_the_other_end_is_unstated() -> None:
    # "the inaugural game" is a first, not the last all-star game
    v = check(SEQ, "last all-star game", "1958")
    assert v.status == UNSTATED and "other end" in v.reason


def test_first_in_a_name_of_a_kind_is_no_place_in_a_sequence() -> None:
    ctx = (
        "al tate (1900 -- 1970) was a cricketer who played first-class cricket for kent. "
        "he retired from first class cricket in 1932. his first name was alfred."
    )
    assert check(ctx, "first class retirement", "1932").status == STATED
    assert check(ctx, "first name", "Alfred").status == STATED


def test_the_first_said_in_the_next_sentence_with_the_fields_words_is_stated() -> None:
    ctx = (
        "ann lee (1801 -- 1870) was a countess. in 1820 she married lord henry grey. "
        "it was her first marriage, and they had one son: james grey."
    )
    assert check(ctx, "first spouse", "Lord Henry Grey").status == STATED
    # the field's words near the value, no word of the sequence: unsure, left stated
    near = "bo carr (1901 -- 1960) was a pitcher. his major league team was the reds."
    assert check(near, "first major league team", "Reds").status == STATED


def test_a_sole_event_or_the_end_of_a_period_is_that_end() -> None:
    ctx = (
        "joe fox (1880 -- 1950) was a pitcher who appeared in one game for the boston reds on "
        "may 2, 1905. he later coached at yale from 1910 to 1915, and was hired by the ohio "
        "state buckeyes in 1916."
    )
    assert check(ctx, "mlb debut", "May 2, 1905").status == STATED
    assert check(ctx, "debut team", "Boston Reds").status == STATED
    assert check(ctx, "first coaching year", "1910").status == STATED
    assert check(ctx, "last coaching year", "1915").status == STATED
    # first named in a transaction ("hired by"? no: not a signing, draft, trade or sale), with
    # no end said: unsure, left stated; a signing first is not the first club
    assert check(ctx, "first coaching job", "Ohio State Buckeyes").status == STATED
    signed = "ed roy (1900 -- 1960) was a footballer. he signed for leeds in 1920."
    v = check(signed, "first club", "Leeds")
    assert v.status == UNSTATED and "transaction" in v.reason


def test_a_signing_followed_by_the_end_with_the_team_is_the_last_team() -> None:
    # "team" is a generic word of a column header, but a field's team noun names what the next
    # sentence speaks of: "played briefly with the team ... before retiring" says the end
    ctx = (
        "dan roe (born 1974) is a retired hockey player. he played for the st. louis blues. "
        "roe signed with stockholm-based hammarby if in 2001. he played briefly with the team, "
        "appearing in 18 games, before retiring from hockey."
    )
    assert check(ctx, "final team", "hammarby IF").status == STATED
    assert check(ctx, "last club", "hammarby IF").status == STATED
    # the end said in the next sentence of something else: still only a signing
    other = (
        "dan roe (born 1974) is a retired hockey player. he played for the st. louis blues. "
        "roe signed with stockholm-based hammarby if in 2001. he retired from coaching in 2015."
    )
    assert check(other, "final team", "hammarby IF").status == UNSTATED


SPANS = (
    "kim park (born 1950) is a korean basketball player. he was drafted in 1972. "
    "he played for the seoul stars (1974 -- 1976) and the busan sharks (1979 -- 1981), and "
    "retired in 1983. he served as coach from march 3, 1990 until june 2001."
)


def test_a_span_is_stated_when_each_end_is() -> None:
    assert check(SPANS, "coaching years", "march 3, 1990 - june 2001").status == STATED
    assert check(SPANS, "seoul years", "1974-1976").status == STATED
    # the start date is never given: the span is not stated though its end is
    v = check(SPANS, "coaching years", "may 5, 1989 - june 2001")
    assert v.status == UNSTATED and "may 5, 1989" in v.reason


def test_a_span_whose_end_the_text_writes_with_two_digits_is_stated() -> None:
    ctx = (
        "grace roe (1924 -- 2011) was a politician. she was secretary of cultural resources "
        "from 1973 -- 77. she also served as secretary of administration under james g. "
        "martin, 1985 -- 87."
    )
    assert check(ctx, "secretary of cultural resources term", "1973-1977").status == STATED
    assert check(ctx, "secretary of administration tenure", "1985-1987").status == STATED
    # another end than the one written is still not stated
    assert check(ctx, "secretary of administration tenure", "1985-1988").status == UNSTATED
    assert check(ctx, "secretary of administration tenure", "1985-2087").status == UNSTATED


def test_a_span_joining_the_ends_of_periods_the_text_writes_is_stated() -> None:
    # a career from the start of one period to the end of another
    assert check(SPANS, "years active", "1974-1981").status == STATED
    # an end written nowhere is not
    v = check(SPANS, "years active", "1974-1985")
    assert v.status == UNSTATED and "1985" in v.reason


def test_a_year_naming_a_transaction_is_not_a_debut() -> None:
    ctx = (
        "al ray (born 1953) is a basketball player. he was selected in the 1975 nba draft by the "
        "kings. he played for the kings for two seasons."
    )
    v = check(ctx, "nba debut", "1975")
    assert v.status == UNSTATED and "transaction" in v.reason
    said = ctx + " he made his nba debut in 1975, a month after the draft."
    assert check(said, "nba debut", "1975").status == STATED


# -- birth, origin and "native" ------------------------------------------------------------------
@pytest.mark.parametrize(
    "said",
    [
        "grew up in peoria, illinois",
        "was raised in peoria, illinois",
        "is originally from peoria, illinois",
    ],
)
def test_where_someone_grew_up_or_comes_from_is_no_birth_place(said: str) -> None:
    ctx = f"jim thome (born august 27, 1970) is a baseball player. thome {said}."
    assert check(ctx, "birth place", "Peoria, Illinois").status != STATED
    assert check(ctx, "hometown", "Peoria, Illinois").status == STATED


def test_a_native_place_is_a_birth_place() -> None:
    ctx = "tom fields (1912 -- 1994) was a legislator from his native farmerville in union parish."
    assert check(ctx, "birthplace", "Farmerville").status == STATED


def test_dying_in_ones_native_village_gives_both_roles() -> None:
    ctx = (
        "ram rao (1925 -- 2009) was a singer. he died on october 25, 2009, in his native "
        "village of killipalem after a long illness."
    )
    assert check(ctx, "death place", "Killipalem").status == STATED
    assert check(ctx, "birth place", "Killipalem").status == STATED


@pytest.mark.parametrize(
    "died",
    [
        "he died in his hometown at the age of 90",
        "he died in his home town in 1987",
        "he died at the city of his birth on 4 june 1913",
        "he died on july 2, 1998 in his birthplace",
    ],
)
def test_dying_in_ones_hometown_makes_the_birth_place_the_death_place(died: str) -> None:
    ctx = f"walt betts (1897 -- 1987) was a pitcher, born in millsboro, delaware. {died}."
    assert check(ctx, "death place", "Millsboro, Delaware").status == STATED
    # a hometown named after it is its own place: the birth place is not it
    other = ctx.replace(died, "he died in his hometown of dover, delaware")
    assert check(other, "death place", "Millsboro, Delaware").status != STATED
    assert check(other, "death place", "Dover, Delaware").status == STATED


def test_a_hometown_a_death_is_not_in_gives_no_death_place() -> None:
    ctx = (
        "walt betts (1897 -- 1987) was a pitcher, born in millsboro, delaware. he returned "
        "to his hometown in 1950. he died in 1987."
    )
    assert check(ctx, "death place", "Millsboro, Delaware").status != STATED


def test_a_value_word_in_another_derived_form_is_stated() -> None:
    ctx = "ann ray (1900 -- 1980) was a poet. she converted to catholicism in 1925."
    assert check(ctx, "religion", "Catholic").status == STATED
    assert check(ctx, "religion", "Protestant").status == UNSTATED


def test_a_field_naming_a_transaction_is_stated_by_it() -> None:
    # the text's transaction is what the field asks for, not a team merely joined
    ctx = "salesforce is a software company. in 2019, salesforce acquired tableau for $15 billion."
    assert check(ctx, "first acquisition", "tableau").status == STATED
    assert check(ctx, "latest acquisition", "tableau").status == STATED
    moved = "he moved to porto on a transfer in 2015."
    assert check(moved, "last transfer", "porto").status == STATED


def test_a_verb_of_ending_is_not_the_other_end_of_a_sequence() -> None:
    # "finished" tells how the shares did, not that 1999 is a last of something
    ipo = "acme is a software firm. it went public in 1999, and its shares finished the day up 20%."
    assert check(ipo, "initial public offering", "1999").status == STATED
    # a word of place still says the other end
    last = "acme is a software firm. it went public in 1999, its last public offering."
    assert check(last, "initial public offering", "1999").status == UNSTATED


# -- nationality, position, life dates, seasons (w11) -----------------------------------------
@pytest.mark.parametrize(
    ("ctx", "status"),
    [
        ("tom reed (born 1960) is an english goalkeeper.", STATED),
        ("tom reed (born 1960) is a retired diver from england.", STATED),
        ("tom reed (born 1960) is a england sculptor.", STATED),
        ("tom reed (born 1960) is a citizen of england.", STATED),
        ("tom reed (born 1960) is a goalkeeper. he played for england twice.", UNSTATED),
        ("tom reed (born 1960) was an england-international goalkeeper.", UNSTATED),
    ],
)
def test_a_nationality_is_stated_by_its_people_not_by_a_team(ctx: str, status: str) -> None:
    assert check(ctx, "nationality", "England").status == status


@pytest.mark.parametrize(
    ("ctx", "value", "status"),
    [
        ("sean ryan (1800-1870) was an irish prelate.", "irish", STATED),
        ("sean ryan (1800-1870) was an irish-born prelate in boston.", "irish", UNSTATED),
        ("sean ryan (1800-1870) was an irish-born prelate in boston.", "Ireland", UNSTATED),
        ("sean ryan (1800-1870) was an irish-born american bishop.", "american", STATED),
        ("sean ryan (1800-1870) was an irish born prelate in boston.", "irish", UNSTATED),
        ("sean ryan (1900-1970) was an american actor of irish descent.", "irish", UNSTATED),
        ("sean ryan (1900-1970) was an american actor of irish descent.", "american", STATED),
        ("sean ryan (1900-1970) was an actor of irish ancestry.", "Ireland", UNSTATED),
        ("paul ryan (born 1967) is a former new zealand rugby player.", "New Zealand", STATED),
        ("paul ryan (born 1967) is a former new zealand rugby player.", "New Zealander", STATED),
        (
            "paul ryan (born 1967) is a canadian rugby player who joined a new zealand club.",
            "New Zealand",
            UNSTATED,
        ),
        (
            "paul ryan (born 1967), a new zealand rugby player, joined a club.",
            "New Zealand",
            STATED,
        ),
        ("a new zealand feminist, ann ray (1900 -- 1980) wrote books.", "New Zealand", STATED),
    ],
)
def test_a_birth_origin_is_no_nationality(ctx: str, value: str, status: str) -> None:
    # "Irish-born" says where he was born; a people's name as the value ("irish") is read as
    # its nation's, so the same rules decide it
    assert check(ctx, "nationality", value).status == status


def test_a_list_of_semicolon_items_is_stated_item_by_item() -> None:
    # each position is told in a sentence of its own; no one sentence holds most of the list
    ctx = (
        "ed rogers is a canadian businessman. from 2003 to 2009 he was president and chief "
        "executive officer of rogers cable. from 2000 until 2002 he served as senior vice "
        "president, planning and strategy, for rogers communications. from 1996 until 1998 he "
        "was vice president of paging and data for rogers wireless. before that he was "
        "director of sales for rogers cable."
    )
    told = (  # with abbreviations the text spells out ("SVP"), as models write them
        "President & CEO, Rogers Cable (2003-2009); SVP, Planning and Strategy, "
        "Rogers Communications (2000-2002); VP, Paging and Data, Rogers Wireless "
        "(1996-1998); Director of Sales, Rogers Cable"
    )
    assert check(ctx, "previous positions", told).status == STATED
    invented = told + "; Chief Pilot, Air Canada (1990-1993)"
    assert check(ctx, "previous positions", invented).status == UNSTATED


@pytest.mark.parametrize(
    "value",
    [
        "General Electric Company; NASA",
        "NASA; General Electric Company",
        "IBM; General Electric Company; NASA",
    ],
)
def test_a_semicolon_item_the_text_never_names_leaves_the_list_unstated(value: str) -> None:
    # the other items' words make most of the value, but an item of words no sentence about
    # the subject holds is invented
    ctx = "ann ray (1900 -- 1980) worked at ibm and later at general electric company in new york."
    assert check(ctx, "employer", value).status == UNSTATED
    assert check(ctx, "employer", "IBM; General Electric Company").status == STATED


def test_a_degree_is_read_by_its_abbreviation_in_an_education_field() -> None:
    ctx = (
        "chao hick tin is a judge. he studied at catholic high school. he received his legal "
        "education at university college london, where he obtained his bachelor and masters of "
        "law degrees in 1965 and 1966."
    )
    told = "university college london (LLB, LLM), catholic high school"
    assert check(ctx, "education", told).status == STATED
    assert check(ctx, "education", "Harvard (MBA)").status == UNSTATED
    assert expand_degrees("LL.B., Ph.D (1990)") == "bachelor of laws, doctor of philosophy (1990)"
    # outside an education field the same letters are no degree: "MA" is a state
    assert check("he was born in boston, ma.", "birth place", "Boston, MA").status == STATED


@pytest.mark.parametrize(
    ("raw", "spelt"),
    [
        ("M.B.A.", "master of business administration"),
        ("Harvard (M.B.A., 1990)", "Harvard (master of business administration, 1990)"),
        ("B.A.Sc.", "bachelor of applied science"),
        ("BASc, D.Phil", "bachelor of applied science, doctor of philosophy"),
        ("DPhil; B.Eng.", "doctor of philosophy; bachelor of engineering"),
        # no degree: left as written
        ("e.g. U.S.A.B.C.D.E.", "e.g. U.S.A.B.C.D.E."),
    ],
)
def test_a_degree_of_three_dotted_letters_is_spelt_out(raw: str, spelt: str) -> None:
    assert expand_degrees(raw) == spelt


def test_a_degree_of_three_dotted_parts_is_the_texts_spelt_out_degree() -> None:
    ctx = "ann ray (born 1950) earned a bachelor of applied science from the university of toronto."
    assert check(ctx, "education", "University of Toronto (B.A.Sc.)").status == STATED


def test_a_long_word_misspelt_by_one_letter_is_the_texts_word() -> None:
    ctx = "pickens died july 1, 1838, in pontotock, mississippi, and was buried in clemson."
    assert check(ctx, "death place", "pontotoc, mississippi").status == STATED
    # short words are not read so (one letter makes another name), nor a second edit
    assert check(ctx, "death place", "pontiac, mississippi").status == UNSTATED
    assert check("he died in bath, maine.", "death place", "bat, maine").status == UNSTATED
    off = Grounder(ctx, ("",), Config(grounding_misspelt_min_chars=0), subject=0)
    assert off.check(0, "death place", type_cell("pontotoc, mississippi")).status == UNSTATED


@pytest.mark.parametrize(
    ("ctx", "field", "value"),
    [
        ("she studied at stanford university.", "education", "Stamford University"),
        ("he was born in columbia, south carolina.", "birth place", "Colombia"),
        ("he was born in hartford, connecticut.", "birth place", "Hertford"),
        ("he was born in charlotte, north carolina.", "birth place", "Charlotte, North Caroline"),
        ("ann ray (1900 -- 1980) married paul petersen.", "spouse", "Paul Peterson"),
    ],
)
def test_a_long_word_one_letter_replaced_is_another_word(ctx: str, field: str, value: str) -> None:
    # a letter replaced makes another name as often as a misspelling (Stanford / Stamford,
    # Colombia / Columbia): only a letter added, dropped or two swapped reads as a misspelling
    assert check(ctx, field, value).status != STATED


def test_each_nation_of_a_nationality_must_be_given_as_one() -> None:
    ctx = "ali kaya (born 1950) is a former bowler who represented kenya and uganda."
    v = check(ctx, "nationality", "Kenya, Uganda")
    assert v.status == UNSTATED and "nationality" in v.reason
    both = "ali kaya (born 1950) is a kenyan former bowler who later played for uganda."
    assert check(both, "nationality", "Kenya").status == STATED
    assert check(both, "nationality", "Kenya, Uganda").status == UNSTATED
    assert check(both, "country", "Uganda").status == STATED  # no nationality field


@pytest.mark.parametrize("value", ["Footballer", "professional cricketer", "basketball player"])
def test_a_player_of_the_game_is_no_position_in_it(value: str) -> None:
    assert check(
        "lou ames (born 1970) was a utility player.", "position", "Utility player"
    ).status == (STATED)
    ctx = f"ray moss (born 1970) is a former {value.lower()} who played as a defender."
    v = check(ctx, "position", value)
    assert v.status == UNSTATED and "position" in v.reason
    assert check(ctx, "position", "Defender").status == STATED
    assert check(ctx, "occupation", value).status == STATED


def test_a_date_of_a_life_states_no_other_field() -> None:
    ctx = (
        "omar haq (2 may 1970 -- 9 june 2001) was a cricketer. he made his test debut in "
        "march 1992 against india."
    )
    v = check(ctx, "test debut", "9 June 2001")
    assert v.status == CONTRADICTED and "death" in v.reason
    assert v.evidence is not None and v.evidence.sentence.startswith("omar haq (2 may")
    assert check(ctx, "death date", "9 June 2001").status == STATED
    assert check(ctx, "deathdate", "9 June 2001").status == STATED
    assert check(ctx, "date", "9 June 2001").status == STATED  # a field of no event
    assert check(ctx, "first match", "2 May 1970").status == CONTRADICTED
    later = "omar haq was a cricketer. on 9 june 2001, he died in a car crash."
    assert check(later, "last match", "9 June 2001").status == CONTRADICTED
    served = "omar haq was a judge. he served from 9 june 2001 until his death in 2010."
    assert check(served, "term start", "9 June 2001").status == STATED


@pytest.mark.parametrize(
    "ctx",
    [
        "ann ray (may 31, 1640 -- november 10, 1673) was a poet.",
        "ann ray (born may 31, 1640; died november 10, 1673) was a poet.",
        "ann ray (b. may 31, 1640 -- november 10, 1673) was a poet.",
    ],
)
def test_a_birth_date_is_no_death_date_and_back(ctx: str) -> None:
    # the swapped dates of a life's brackets: each is the other event's
    assert check(ctx, "death date", "may 31, 1640").status == CONTRADICTED
    assert check(ctx, "birth_date", "november 10, 1673").status == CONTRADICTED
    assert check(ctx, "birth date", "may 31, 1640").status == STATED
    assert check(ctx, "deathdate", "november 10, 1673").status == STATED
    assert check(ctx, "life dates", "may 31, 1640").status == STATED  # a field of both


def test_a_date_that_opens_a_period_ending_in_death_is_no_death_date() -> None:
    ctx = (
        "michael i (may 31, 1640 -- november 10, 1673) was king of poland from september 29, "
        "1669, to his death in 1673."
    )
    assert check(ctx, "reign start date", "september 29, 1669").status == STATED
    assert check(ctx, "accession", "september 29, 1669").status == STATED
    # the death itself after the date: still the death's date
    died = "omar haq was a cricketer. on 9 june 2001, he died in a car crash."
    assert check(died, "last match", "9 June 2001").status == CONTRADICTED


@pytest.mark.parametrize("written", ["1996-7", "1996-97", "1996/97", "1996 - 1997"])
def test_a_season_is_stated_in_any_form_of_its_years(written: str) -> None:
    ctx = f"kim lee (born 1976) played for the wolves. in {written}, she was named an all-american."
    assert check(ctx, "all-american", "1996-97").status == STATED
    assert check(ctx, "all-american", "1997-98").status == UNSTATED


def test_a_place_someone_is_from_is_no_birth_place() -> None:
    ctx = "kofi mensah (born 1959) is a politician. he is from the tamale district of ghana."
    v = check(ctx, "birth place", "Tamale District")
    assert v.status == CONTRADICTED and "origin" in v.reason
    born = "kofi mensah (born 1959 in tamale) is a politician. he is from the tamale district."
    assert check(born, "birth place", "Tamale").status == STATED
    # "from" a year is no origin: the place in the lead's brackets stays the death place
    lead = (
        "karl moser (1670, bonn -- 1731, trier) was count of trier from 1701 until 1731 and "
        "lord of trier from 1718."
    )
    assert check(lead, "death place", "Trier").status == STATED


def test_places_in_the_brackets_of_a_life_are_of_its_birth_and_its_death() -> None:
    ctx = "otto brandt (bonn, 4 may 1638 -- trier, 3 june 1678) was a count. he ruled trier."
    assert check(ctx, "death place", "Trier").status == STATED
    assert check(ctx, "birth place", "Bonn").status == STATED
    assert check(ctx, "death place", "Bonn").status == CONTRADICTED
    assert check(ctx, "birth place", "Trier").status != STATED


def test_a_place_where_a_death_was_registered_is_no_place_of_death() -> None:
    ctx = "tom hale (1880 -- 1950) was a rugby player. his death was registered in leigh."
    v = check(ctx, "death place", "Leigh")
    assert v.status == CONTRADICTED and "registration" in v.reason
    assert check(ctx.replace("was registered", "occurred"), "death place", "Leigh").status == STATED


def test_a_value_written_only_after_a_word_of_denial_is_unstated() -> None:
    ctx = "ann cole (1801 -- 1870) was a mayor. after her, there was no whig mayor until 1901."
    v = check(ctx, "party", "Whig")
    assert v.status == UNSTATED and v.stated_value == "no whig"
    said = "ann cole (1801 -- 1870) was a whig mayor. after her, there was no whig mayor."
    assert check(said, "party", "Whig").status == STATED


def test_a_value_picked_out_of_several_is_no_end_of_a_sequence() -> None:
    ctx = (
        "sam reed (1880 -- 1950) was a footballer. after the war he played for amateur sides, "
        "most notably for ashby town, finally retiring in 1925."
    )
    v = check(ctx, "final club", "Ashby Town")
    assert v.status == UNSTATED and "one of several" in v.reason
    last = ctx.replace("most notably for ashby town", "lastly for ashby town")
    assert check(last, "final club", "Ashby Town").status == STATED
    # the field names no end: picked out of several is still stated
    assert check(ctx, "clubs", "Ashby Town").status == STATED


def test_a_day_written_only_as_the_end_of_another_period_starts_no_span() -> None:
    ctx = (
        "li wen (born 1960) is a politician. she served as a senator from may 3, 1990 until "
        "june 1, 1998 when she became a judge, serving until march 9, 2004. earlier that "
        "year she became a director of the tolva bank, serving until july 2009."
    )
    v = check(ctx, "tolva bank director dates", "march 9, 2004 - july 2009")
    assert v.status == UNSTATED and "only as the end of another period" in v.reason
    # "until ... when she became": the end of one period and the start of the next
    assert check(ctx, "judge dates", "june 1, 1998 - march 9, 2004").status == STATED
    assert check(ctx, "senator dates", "may 3, 1990 - june 1, 1998").status == STATED


def test_a_whole_career_span_is_contradicted_by_a_first_or_last_outside_it() -> None:
    ctx = (
        "tom ash (born 1950) is a cricketer who played for kent between 1971 and 1990. he made "
        "his first class debut for devon in 1969. his final first class appearance came in 1993."
    )
    v = check(ctx, "career span", "1971-1990")
    assert v.status == CONTRADICTED and v.stated_value == "1969"
    assert check(ctx, "career span", "1969-1993").status == STATED
    # a field with a word of its own is a part of the career: the kent years
    assert check(ctx, "kent career", "1971-1990").status == STATED


def test_a_whole_career_span_is_contradicted_by_a_period_played_outside_it() -> None:
    ctx = (
        "ben ory (born 1960) is a basketball player. he was drafted in 1982 and retired from "
        "the league in 1986. he also played in spain for irun (1986 -- 87) and for lugo "
        "(1990 -- 1991). after his playing days ended he coached in vigo (1995 -- 98)."
    )
    v = check(ctx, "years active", "1982-1986")
    assert v.status == CONTRADICTED and v.stated_value == "1990 -- 1991"
    # the coaching years come after the end of play
    assert check(ctx, "years active", "1982-1991").status == STATED
    # the span written whole: another period may be of another kind (college)
    college = (
        "joe holt (1925 -- 2010) played in the nba from 1949 to 1952. "
        "he played for kentucky from 1945 to 1948."
    )
    assert check(college, "years active", "1949-1952").status == STATED


def test_a_description_of_a_relative_is_not_the_subjects() -> None:
    ctx = (
        "ida hale (1860 -- 1920) was a singer and painter. in 1884 she married tom hale, a "
        "banker and financier. her father, ned ross, farmed near dover."
    )
    v = check(ctx, "occupation", "singer, painter, banker")
    assert v.status == UNSTATED and "relative" in v.reason
    assert check(ctx, "occupation", "singer, painter").status == STATED
    # the relative's own name in an apposition ("her father, ned ross") is still stated
    assert check(ctx, "father", "ned ross").status == STATED
    said = ctx.replace("was a singer and painter", "was a singer, painter and banker")
    assert check(said, "occupation", "singer, painter, banker").status == STATED


def test_an_initialism_of_the_tail_of_a_longer_name_is_contradicted() -> None:
    ctx = (
        "max bell (born 1960) is a basketball coach. in 2011 he became the coach of the "
        "dover sea kings of the new american basketball association."
    )
    v = check(ctx, "coaching", "Dover Sea Kings (ABA)")
    assert v.status == CONTRADICTED and v.stated_value == "new american basketball association"
    assert check(ctx, "coaching", "Dover Sea Kings (NABA)").status == STATED
    whole = ctx.replace("the new american", "the american")
    assert check(whole, "coaching", "Dover Sea Kings (ABA)").status == STATED


def test_a_first_team_the_text_gives_to_another_is_unstated() -> None:
    ctx = (
        "jim cole (1880 -- 1940) was a footballer. he first played for local sides, ashby "
        "town and then leek town. he was signed by stoke in 1902 and made his debut that "
        "september, as stoke finished third."
    )
    v = check(ctx, "first professional club", "Stoke")
    assert v.status == UNSTATED and "another" in v.reason
    assert check(ctx, "first club", "Ashby Town").status == STATED
    own = ctx.replace("he was signed by stoke", "his first professional club was stoke,")
    assert check(own, "first professional club", "Stoke").status == STATED


def test_a_pair_of_figures_is_stated_by_the_tokenised_text_s_double_dash() -> None:
    ctx = "al lee (1940 -- 2001) was a pitcher. he had a 4 -- 5 record and a 17 -- 25 mark."
    assert check(ctx, "career record", "4-5").status == STATED
    assert check(ctx, "career record", "7-2").status == UNSTATED
    # whole figures only: "7-2" is no part of "17 -- 25"
    assert check(ctx, "minor league record", "7-2").status == UNSTATED


def test_a_figure_differing_by_a_digit_is_no_respelling() -> None:
    ctx = "ray doyle (born 1964) is a hockey player. he won a title in 1986 with his college."
    # "1983" is a year the text does not give, not a misspelt "1986"
    v = check(ctx, "draft", "fourth round, 1983")
    assert v.status == UNSTATED and v.stated_value is None


def test_a_place_someone_is_from_is_their_residence_but_not_where_they_grew_up() -> None:
    ctx = (
        "garner tullis (1893 -- 1966) was a businessman and civic leader from new orleans, "
        "louisiana, who formed his own firm. he was born in st. joseph."
    )
    assert check(ctx, "residence", "New Orleans, Louisiana").status == STATED
    assert check(ctx, "birth place", "New Orleans, Louisiana").status != STATED
    grew = "jim thome (born 1970) is a baseball player. thome is originally from peoria, illinois."
    assert check(grew, "residence", "Peoria, Illinois").status != STATED


def test_an_occupation_is_stated_by_a_kind_of_it_the_text_names() -> None:
    ctx = (
        "william butler (1790 -- 1850) was a united states representative from south carolina. "
        "in 1825 he moved to greenville where he began practice as a country doctor."
    )
    assert check(ctx, "profession", "physician, politician").status == STATED
    assert check(ctx, "occupation", "novelist").status == UNSTATED  # no kind of it is named
    poet = "ann lee (born 1950) is an irish poet and playwright."
    assert check(poet, "occupation", "writer").status == STATED
    assert check(poet, "occupation", "musician").status == UNSTATED
    # a user's own groups replace the built-in ones
    own = Config(grounding_occupation_kinds=(("healer", "doctor"),))
    v = Grounder(ctx, ("",), own, subject=0).check(0, "profession", type_cell("healer"))
    assert v.status == STATED


@pytest.mark.parametrize(
    "said",
    [
        "was appointed to the legislative council",
        "was elected to the legislative council",
        "joined the legislative council",
        "sat on the legislative council",
    ],
)
def test_membership_is_stated_by_joining_the_body(said: str) -> None:
    ctx = f"john fraser (1829 -- 1896) was a lawyer. in 1871 he {said} of the province."
    assert check(ctx, "role", "member of the legislative council").status == STATED


def test_membership_is_not_stated_by_naming_the_body_alone() -> None:
    ctx = "john fraser (1829 -- 1896) was a lawyer. he ran for the legislative council and lost."
    assert check(ctx, "role", "member of the legislative council").status != STATED


def test_a_seat_from_a_place_is_no_residence() -> None:
    ctx = (
        "curtis boozman (1898 -- 1979) was a democrat who served two terms in the louisiana "
        "house of representatives from natchitoches parish, louisiana."
    )
    assert check(ctx, "residence", "Natchitoches Parish, Louisiana").status != STATED
    assert (
        check(
            "ann lee (born 1957) is an attorney from austin, texas.", "residence", "Austin, Texas"
        ).status
        == STATED
    )


def test_a_plural_s_the_tokenised_text_writes_apart_from_its_number_is_one_word() -> None:
    ctx = "ron lee (born 1940) is a pitcher. he played for the houston colt .45 s in 1962."
    assert check(ctx, "mlb team", "Houston Colt .45s").status == STATED
    assert check(ctx, "mlb team", "Houston Colt .38s").status != STATED


@pytest.mark.parametrize("written", ["1999-2000", "1999-00", "1999 -- 2000"])
def test_a_year_written_only_as_an_end_of_a_season_is_no_year_of_its_own(written: str) -> None:
    ctx = (
        f"dale davis (born 1969) is a basketball player. in the {written} season he was named "
        "to the all-star team. he was drafted in 1991."
    )
    assert check(ctx, "all-star", "2000").status == UNSTATED
    assert check(ctx, "all-star", "1999").status == UNSTATED
    assert check(ctx, "draft year", "1991").status == STATED
    # a field naming an end of a period takes the season's end
    assert check(ctx, "career start", "1999").status == STATED


def test_a_year_of_its_own_beside_a_season_is_stated() -> None:
    ctx = (
        "dale davis (born 1969) is a basketball player. in the 1999-2000 season he played "
        "well. in 2000 he was named to the all-star team."
    )
    assert check(ctx, "all-star", "2000").status == STATED


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("engaged in journalism from 1880 to 1884", "journalist"),
        ("practiced optometry in erie for fifty years", "optometrist"),
        ("engaged in planting near the river", "planter"),
        ("went on to teach in the public schools", "teacher"),
        ("taught school from 1874 to 1880", "teacher"),
        ("engaged in agricultural pursuits", "farmer"),
        ("moved to ohio to practice medicine", "physician"),
    ],
)
def test_an_occupation_is_stated_by_the_work_the_text_says_was_done(said: str, value: str) -> None:
    ctx = f"john leedom (1847 -- 1895) was a u.s. representative from ohio. he {said}."
    assert check(ctx, "profession", value).status == STATED
    assert check(ctx, "profession", "dentist").status == UNSTATED
    # only for an occupation's field: "Baptist" is no one who was baptized
    baptized = "john leedom (1847 -- 1895) was baptized in ohio."
    assert check(baptized, "religion", "Baptist").status != STATED


def test_dotted_initials_in_the_text_state_the_undotted_ones() -> None:
    ctx = "george denton (1864 -- 1926) was a u.s. representative from indiana."
    assert check(ctx, "occupation", "lawyer, US representative").status != STATED  # no lawyer
    assert check(ctx, "occupation", "us representative").status == STATED
    assert check(ctx, "occupation", "UK representative").status != STATED


@pytest.mark.parametrize(
    ("lead", "field", "value"),
    [
        ("(25 july 192016 april 1958)", "birth date", "25 July 1920"),
        ("(25 july 192016 april 1958)", "death date", "16 April 1958"),
        ("(29 november 191525 december 2006)", "death date", "25 December 2006"),
        ("(27 april 18741 june 1963)", "death date", "1 June 1963"),
    ],
)
def test_a_life_date_run_into_the_other_is_stated(lead: str, field: str, value: str) -> None:
    ctx = f"rosalind franklin {lead} was an english chemist."
    assert check(ctx, field, value).status == STATED


def test_a_day_inside_a_run_together_date_is_not_another_day() -> None:
    ctx = "walter lee (27 april 18741 june 1963) was an australian politician."
    assert check(ctx, "death date", "11 June 1963").status != STATED  # the 1 is June's day
    assert check(ctx, "birth date", "7 April 1874").status != STATED


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("6'6\" (198cm)", "he was a 6 '6 \"(198 cm) 215 lb (98 kg) power forward"),
        ("215lb (98kg)", "he was a 6 '6 \"(198 cm) 215 lb (98 kg) power forward"),
        ("5'5\"", "he was 5 foot 5 and batted right-handed"),
    ],
)
def test_a_measure_is_stated_as_the_text_writes_it_spacing_aside(value: str, said: str) -> None:
    ctx = f"dick miller (1958 -- 2014) was a basketball player. {said}."
    assert check(ctx, "height", value).status == STATED


def test_a_measure_with_other_digits_is_not_stated() -> None:
    ctx = "dick miller (1958 -- 2014) was a basketball player. he was a 6 '10 \"(208 cm) center."
    assert check(ctx, "height", "6'1\"").status != STATED
    assert check(ctx, "height", "6'10\" (200cm)").status != STATED


def test_a_superlative_field_needs_the_text_to_say_it() -> None:
    ctx = (
        "alfredo graciani (born 1965) is a former footballer. in 1984 he was signed by boca "
        "juniors and went on to become their leading goalscorer. he later joined racing club."
    )
    assert check(ctx, "most successful club", "boca juniors").status == UNSTATED
    said = ctx + " boca juniors was his most successful club."
    assert check(said, "most successful club", "boca juniors").status == STATED
    assert check(ctx, "most recent club", "racing club").status == STATED


def test_a_place_where_the_subject_was_murdered_or_executed_is_the_place_of_death() -> None:
    ctx = (
        "gus ray (october 26, 1961 -- april 28, 1995) was a shortstop. he was born in "
        "lima, peru. he was murdered in caracas, venezuela as he tried to protect his son."
    )
    assert check(ctx, "death place", "caracas, venezuela").status == STATED
    assert check(ctx, "birth place", "caracas").status != STATED
    shot = "ann ray (1900 -- 1944) was a poet. she was born in lyon. she was executed in paris."
    assert check(shot, "death place", "Paris").status == STATED


def test_yes_under_a_field_naming_one_who_underwent_it_is_stated_by_its_verb() -> None:
    bio = "he was inducted into the college football hall of fame in 1992."
    assert check(bio, "hall of fame inductee", "yes").status == STATED
    assert check(bio, "nfl draftee", "yes").status == UNSTATED
    assert check(bio, "hall of fame nominee", "yes").status == UNSTATED


def test_a_year_under_a_field_of_a_period_end_is_read_as_a_date() -> None:
    bio = "hans roth (1934 -- 2008) was a jurist. he served as minister between 1982 and 1991."
    assert check(bio, "term start", "1982").status == STATED
    assert check(bio, "term end", "1991").status == STATED
    assert check(bio, "term start", "1983").status != STATED


@pytest.mark.parametrize(
    ("value", "status"), [("Irish", UNSTATED), ("American", STATED), ("Irish, American", UNSTATED)]
)
def test_a_hyphenated_ancestry_gives_only_its_second_people_as_nationality(
    value: str, status: str
) -> None:
    # "an Irish-American actor": an American of Irish descent
    ctx = "sean ryan (born 1950) is an irish-american actor."
    assert check(ctx, "nationality", value).status == status


@pytest.mark.parametrize(
    ("ctx", "value", "status"),
    [
        # a nation of several names ("Nigeria", "Federal Republic of Nigeria") is read as one
        ("ann okafor (born 1958) is a nigerian-british politician.", "Nigerian", UNSTATED),
        ("ann okafor (born 1958) is a nigerian-british politician.", "British", STATED),
        ("hans vogel (born 1958) is a german-born american chemist.", "German", UNSTATED),
        ("hans vogel (born 1958) is a german chemist.", "German", STATED),
        # a people's name no ending rule makes from its nation's ("Ghana" / "Ghanaian")
        ("albert abongo (born 1959) is a ghanaian politician.", "Ghanaian", STATED),
        ("hans vogel (born 1958) is a chemist who was a citizen of germany.", "German", STATED),
    ],
)
def test_a_nation_of_several_names_is_read_as_a_nationality(
    ctx: str, value: str, status: str
) -> None:
    assert check(ctx, "nationality", value).status == status


def test_a_mexican_born_american_is_no_mexican_national() -> None:
    ctx = "rosa delgado (born 11 august 1974) is a mexican-born american singer."
    assert check(ctx, "nationality", "Mexican").status == UNSTATED
    assert check(ctx, "nationality", "American").status == STATED
    assert (
        check("rosa delgado (born 1974) is a mexican singer.", "nationality", "Mexican").status
        == STATED
    )


def test_a_hyphened_word_other_than_a_people_keeps_the_nationality() -> None:
    ctx = "sean ryan (born 1950) is an irish-language poet."
    assert check(ctx, "nationality", "Irish").status == STATED


KING = (
    "michael i (may 31, 1640 -- november 10, 1673) was king of poland from september 29, 1669, "
    "to his death in 1673."
)


@pytest.mark.parametrize(
    ("ctx", "field", "value", "status"),
    [
        # a date opening a period that ends in the death is no date of the death
        (KING, "death date", "september 29, 1669", CONTRADICTED),
        (KING, "death date", "november 10, 1673", STATED),
        (KING, "reign start", "september 29, 1669", STATED),
        (
            "he sat in the senate from 3 january 1939 until his death.",
            "death date",
            "3 january 1939",
            CONTRADICTED,
        ),
        (
            "he sat in the senate from 3 january 1939 until his death.",
            "term start",
            "3 january 1939",
            STATED,
        ),
        # a birth's date before a death's word is still the birth's, as before
        (
            "fred fox (born highworth, 22 november 1898, died high wycombe, 15 may 1968) was a "
            "goalkeeper.",
            "birth date",
            "22 november 1898",
            STATED,
        ),
        # the period's end is a date of its own
        (
            "he sat in the senate from 1939 until his death on 5 may 1950.",
            "death date",
            "5 may 1950",
            STATED,
        ),
    ],
)
def test_a_date_opening_a_period_that_ends_in_a_death_is_no_death_date(
    ctx: str, field: str, value: str, status: str
) -> None:
    assert check(ctx, field, value).status == status


@pytest.mark.parametrize(
    ("ctx", "value"),
    [
        ("ann ray (1900 -- 1980) married christina jones.", "Christian Jones"),
        ("ann ray (1900 -- 1980) married marina jones.", "Marian Jones"),
    ],
)
def test_the_last_two_letters_swapped_make_another_name(ctx: str, value: str) -> None:
    assert check(ctx, "spouse", value).status != STATED


def test_two_letters_swapped_inside_a_long_word_are_a_misspelling() -> None:
    ctx = "ann ray (1900 -- 1980) was born in philadelphia, pennsylvania."
    assert check(ctx, "birth place", "Philadlephia, Pennsylvania").status == STATED


# -- age grades ----------------------------------------------------------------------------------
def test_an_age_grade_written_short_is_the_texts_under_grade() -> None:
    ctx = (
        "chris poulsen (born 1981) is a danish footballer. poulsen played one game for the "
        "denmark national under-21 football team in 2002. he was capped by denmark at under-23 "
        "level in 2004."
    )
    assert check(ctx, "U21 appearances", "1").status == STATED
    assert check(ctx, "u-21 caps", "1").status == STATED
    assert check(ctx, "international", "Denmark U23").status == STATED
    assert check(ctx, "international", "Denmark U19").status == UNSTATED


def test_expand_age_grades_writes_out_only_a_grade_of_its_own() -> None:
    assert expand_age_grades("England U23, U-21s") == "England under-23, under-21s"
    assert expand_age_grades("U2, BU21, U21-X, U234") == "U2, BU21, U21-X, U234"


# -- records of three parts ----------------------------------------------------------------------
@pytest.mark.parametrize("written", ["2 -- 4 -- 2", "2 - 4 - 2", "2–4–2"])
def test_a_record_of_three_parts_is_stated_however_its_dashes_are_written(written: str) -> None:
    ctx = f"fred jennings (1877 -- 1953) was a coach. he led dartmouth to a {written} record."
    v = check(ctx, "coaching record", "2-4-2")
    assert v.status == STATED and v.evidence is not None
    if v.evidence.value_start is not None:
        assert ctx[v.evidence.value_start : v.evidence.value_end] == written
    assert check(ctx, "coaching record", "2-4-1").status != STATED
    assert check(ctx, "coaching record", "4-2-2").status != STATED
    longer = Grounder(ctx.replace(written, f"12 -- {written}"), ("",), Config(), subject=0)
    assert longer._written_record("2-4-2") is None  # the end of "12 -- 2 -- 4 -- 2"


# -- other kinds of biographies (r18 probe: a scientist, a politician, a musician, an actor) ----
SCIENTIST = (
    "helen marsh (14 february 1921 -- 3 june 1999) was a british biochemist who worked on "
    "protein folding. she studied chemistry at newnham college, cambridge, where she earned her "
    "doctorate in 1947. from 1952 until her retirement in 1986 she was professor of "
    "biochemistry at the university of bristol. she received the copley medal in 1979. she "
    "married the physicist arthur kemp in 1950; they had two daughters."
)


@pytest.mark.parametrize(
    ("field", "value", "status"),
    [
        ("death date", "3 June 1999", STATED),
        ("alma mater", "Newnham College, Cambridge", STATED),
        ("employer", "University of Bristol", STATED),
        ("awards", "Copley Medal (1979)", STATED),
        ("awards", "Copley Medal (1975)", UNSTATED),
        ("spouse", "Arthur Kemp", STATED),
        ("spouse", "Arthur Kent", UNSTATED),
        ("known for", "Protein folding", STATED),
        ("nationality", "British", STATED),
    ],
)
def test_a_scientists_biography(field: str, value: str, status: str) -> None:
    assert check(SCIENTIST, field, value).status == status


@pytest.mark.xfail(strict=True, reason="r18 probe: known wrong verdicts, see CHANGELOG")
@pytest.mark.parametrize(
    ("ctx", "field", "value", "status"),
    [
        # a count of children written as sons or daughters ("two daughters", "three sons"):
        # needs the kin nouns summed ("a son and two daughters": 3), not read as "children"
        (SCIENTIST, "children", "2", STATED),
        # a year alone under a death field, where the lead's brackets give another year of
        # the death: a year is never tied to a life's event (only a full date is)
        (SCIENTIST, "death date", "1952", UNSTATED),
        # an occupation the text gives to another person ("married the physicist X")
        (SCIENTIST, "occupation", "Physicist", UNSTATED),
        # a value's year that the sentence does not hold, when its other words reach
        # grounding_text_coverage (5 of 6 words): the year is not checked on its own
        (
            "rosa delgado (born 1974) is a singer. she won the grammy award for best rock album "
            "in 2006.",
            "awards",
            "Grammy Award for Best Rock Album (2007)",
            UNSTATED,
        ),
    ],
)
def test_known_wrong_verdicts_on_other_biographies(
    ctx: str, field: str, value: str, status: str
) -> None:
    got = check(ctx, field, value).status
    assert got == status or (status == UNSTATED and got == CONTRADICTED)


@pytest.mark.parametrize(
    ("ctx", "field", "value", "status"),
    [
        (
            "rosa delgado (born 11 august 1974) is a mexican-born american singer.",
            "birth place",
            "Mexico",
            STATED,
        ),
        (
            "george okafor (born 2 march 1958) is a british politician who has served as the "
            "member of parliament for hartley west since 2005.",
            "constituency",
            "Hartley West",
            STATED,
        ),
        (
            "daniel reyes (born 9 october 1980) is a canadian actor, known for his role as "
            "detective sam cole in the television series harbor city (2010--2016).",
            "series run",
            "2010-2015",
            UNSTATED,
        ),
        (
            "daniel reyes (born 9 october 1980) is a canadian actor. he married actress lena "
            "park in 2011; they divorced in 2019.",
            "spouse",
            "Lena Park (m. 2012; div. 2019)",
            UNSTATED,
        ),
    ],
)
def test_other_kinds_of_biographies(ctx: str, field: str, value: str, status: str) -> None:
    got = check(ctx, field, value).status
    assert got == status or (status == UNSTATED and got == CONTRADICTED)


# -- "the N succeeding congresses" ---------------------------------------------------------------
@pytest.mark.parametrize(
    "said",
    [
        "he was elected as a democrat to the seventy-fifth congress by special election, to fill "
        "the vacancy, and reelected to the three succeeding congresses.",
        "he was elected as a democrat to the 75th and to the three succeeding congresses.",
        "he was elected to the seventy-fifth congress and the three following congresses.",
    ],
)
def test_the_n_succeeding_congresses_state_the_ordinals_after_the_first(said: str) -> None:
    ctx = f"beverly vincent (1890 -- 1980) was a representative from kentucky. {said}"
    assert check(ctx, "congress", "75th, 76th, 77th, 78th").status == STATED
    assert check(ctx, "congress", "78th").status == STATED
    assert check(ctx, "congress", "79th").status != STATED
    assert check(ctx, "congress", "74th, 75th").status != STATED


def test_a_count_of_succeeding_terms_needs_an_ordinal_before_it() -> None:
    ctx = (
        "tom reed (1890 -- 1980) was a representative from ohio. in 1930 he was reelected to "
        "the three succeeding congresses."
    )
    assert check(ctx, "congress", "1st").status != STATED
    assert check(ctx, "congress", "1931st").status != STATED


# -- dotted initials in a list -------------------------------------------------------------------
def test_a_list_of_dotted_degrees_is_stated_item_by_item() -> None:
    ctx = (
        "diane wood (born july 4, 1950) is a judge. wood graduated with a b.a. she earned her "
        "j.d. from the university of texas school of law in 1975."
    )
    assert check(ctx, "degree", "B.A., J.D.").status == STATED
    assert check(ctx, "degree", "B.A., M.D.").status != STATED
    assert check(ctx, "degree", "B.S., J.D.").status != STATED


# -- acronyms in a lower-cased text --------------------------------------------------------------
def test_an_acronym_of_three_letters_is_spelt_out_in_a_lower_cased_text() -> None:
    ctx = (
        "johnny berthelot (born 1951) is a louisiana politician. he attended st. theresa "
        "catholic school and gonzales high school. in 1970, he graduated from new orleans barber "
        "college. he studied at louisiana state university and completed the course in real "
        "estate there in 1975."
    )
    schools = "st. theresa catholic school, gonzales high school, new orleans barber college"
    assert check(ctx, "education", f"{schools}, LSU (real estate)").status == STATED
    assert check(ctx, "education", "LSU").status == STATED
    assert check(ctx, "education", f"{schools}, LSD (real estate)").status != STATED
    assert check(ctx, "education", f"{schools}, TCU (real estate)").status != STATED


def test_an_acronym_the_lower_cased_text_writes_itself_is_not_spelt_out() -> None:
    ctx = (
        "don mcsween (born 1964) is an american hockey player. in 1990 mcsween was selected as "
        "an ahl first-team all-star. he later played in the ahl (american hockey league) for "
        "the baltimore bandits."
    )
    assert check(ctx, "awards", "1990 AHL first-team all-star, Baltimore Bandits").status == STATED


# -- a value's word as the text's person noun ----------------------------------------------------
@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("batting style", "right-hand bat", "he is a right-hand batsman and a medium pace bowler."),
        ("position", "chair of the finance committee", "he was chairman of the finance committee."),
    ],
)
def test_a_word_the_text_writes_as_its_person_noun_is_stated(
    field: str, value: str, said: str
) -> None:
    ctx = f"tom carlin (1900 -- 1970) was an english cricketer. {said}"
    assert check(ctx, field, value).status == STATED
    assert check(ctx, field, value.replace("right", "left").replace("finance", "rules")).status != (
        STATED
    )


# -- "us" / "uk" in a lower-cased value ----------------------------------------------------------
def test_us_in_a_value_is_the_texts_united_states() -> None:
    ctx = (
        "james blair (1786 -- 1834) was a united states representative from south carolina. "
        "he engaged in planting and was also the sheriff of lancaster district."
    )
    value = "planter, sheriff of lancaster district, us representative"
    assert check(ctx, "occupation", value).status == STATED
    assert check(ctx, "occupation", "planter, uk representative").status != STATED
    assert check(ctx.replace("united states", "u.s."), "occupation", value).status == STATED
    # each item on its own: "us army" is not made up by the text's "united states coast guard"
    navy = f"{ctx} he served in the united states coast guard from 1943 to 1946."
    assert check(navy, "military service", "us army, us coast guard").status != STATED
    assert check(navy, "military service", "us coast guard").status == STATED


# -- "84th overall" ------------------------------------------------------------------------------
def test_an_overall_pick_is_the_texts_ordinal() -> None:
    ctx = (
        "don mcsween (born 1964) is an american hockey player. he was selected 84th in the 1983 "
        "nhl draft by the buffalo sabres."
    )
    assert check(ctx, "nhl draft", "84th overall, 1983").status == STATED
    assert check(ctx, "nhl draft", "48th overall, 1983").status != STATED


def test_a_list_written_with_line_breaks_is_checked_item_by_item() -> None:
    from tablehallu import detect

    ctx = (
        "john smith (june 19, 1833 - september 8, 1898) was a u.s. representative from ohio. "
        "he studied law. he was admitted to the bar in 1859."
    )
    table = "| Field | Value |\n|---|---|\n| name | john smith |\n| occupation | {} |"
    cfg = Config(matcher="lexical", headers="lenient", order="declared", reference="context")
    listed = detect(table.format("lawyer, politician"), None, context=ctx, config=cfg)
    assert not [f for f in listed.findings if f.pred_row == 1]
    broken = detect(table.format("lawyer<br>politician"), None, context=ctx, config=cfg)
    assert not [f for f in broken.findings if f.pred_row == 1]


@pytest.mark.parametrize(("cell", "stated"), [("<1%", True), ("< 1%", True), ("<2%", False)])
def test_a_bound_written_with_a_sign_is_the_texts_bound_in_words(cell: str, stated: bool) -> None:
    from tablehallu import detect
    from tablehallu.normalize.forms import value_forms

    assert "below 1%" in value_forms("<1%") and "more than 40" in value_forms(">40")
    ctx = "Unemployment in Norway was below 1% last year, while Sweden recorded 6.8%."
    table = f"| Country | Unemployment |\n|---|---|\n| Norway | {cell} |\n| Sweden | 6.8% |"
    cfg = Config(matcher="lexical", headers="lenient", order="declared", reference="context")
    flagged = [f for f in detect(table, None, context=ctx, config=cfg).findings if f.pred_row == 0]
    assert (not flagged) is stated
