"""``score --workers``: the same verdicts as one process, one embedding model per run (held by the
parent process), and no torch in the workers of a lexical run."""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from _scoring_helpers import LEXICAL, record, write_jsonl

from tablehallu import Config, score
from tablehallu.detectors import similarity
from tablehallu.detectors.pipeline import Sample
from tablehallu.detectors.similarity import EmbeddingBackend, ModelRef
from tablehallu.scoring import engine
from tablehallu.scoring.engine import ScoringError
from tablehallu.scoring.remote_embed import EncodeServer

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "fixtures" / "demo" / "preds.jsonl"


class HashEncoder:
    """Deterministic unit vectors from character trigrams: an encoder that needs no model."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.lock = threading.Lock()

    def __call__(self, texts: list[str]) -> np.ndarray:
        with self.lock:
            self.seen.extend(texts)
        out = np.zeros((len(texts), 64), dtype=np.float32)
        for i, text in enumerate(texts):
            padded = f"  {text.lower()} "
            for j in range(len(padded) - 2):
                h = hashlib.blake2b(padded[j : j + 3].encode(), digest_size=2).digest()
                out[i, int.from_bytes(h, "little") % 64] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(norms > 0, norms, 1.0)


def _hash_backend() -> tuple[EmbeddingBackend, HashEncoder]:
    encoder = HashEncoder()
    ref = ModelRef("hash-trigrams", None, "config")
    return EmbeddingBackend(ref, batch_size=16, encoder=encoder), encoder


def _mixed_records(path: Path, n: int = 24) -> Path:
    kinds = ["clean", "distorted", "fabricated", "format"]
    return write_jsonl(path, [record(kinds[i % 4], i) for i in range(n)])


# --- the protocol, without a model -------------------------------------------------------------


def test_a_worker_backend_gets_the_parents_vectors_and_each_string_is_embedded_once() -> None:
    import multiprocessing

    parent, encoder = _hash_backend()
    ctx = multiprocessing.get_context("spawn")
    texts = ["paris", "madrid", "rome", "paris", "barcelona"]
    with EncodeServer(parent, 2, ctx) as server:
        workers = [server.worker.backend(), server.worker.backend()]  # both slots taken
        results: list[np.ndarray] = []
        threads = [
            threading.Thread(target=lambda b=b: results.append(b.encode(texts))) for b in workers
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert workers[0].similarity("paris", "rome") == parent.similarity("paris", "rome")
    assert len(results) == 2
    for got in results:
        assert np.array_equal(got, parent.encode(texts))
    # the parent's cache embeds each distinct string once, whichever worker asked first
    assert sorted(encoder.seen) == ["barcelona", "madrid", "paris", "rome"]
    with pytest.raises(RuntimeError, match="holds no model"):
        _ = workers[0].model


def test_workers_embedding_through_the_parent_give_the_details_of_one_process(
    tmp_path: Path,
) -> None:
    path = _mixed_records(tmp_path / "p.jsonl")
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    cfg = Config(matcher="embedding", workers_min_records=1)
    parent, _ = _hash_backend()
    raws = engine.open_inputs([path])
    with open(one, "w") as out:
        for o in engine.iter_outcomes(raws, cfg, backend=parent, chunk_size=5):
            out.write(engine.jsonl_line(engine.detail_line(o)))
    parent2, encoder2 = _hash_backend()
    raws = engine.open_inputs([path])
    with open(two, "w") as out:
        for o in engine.iter_outcomes(raws, cfg, backend=parent2, workers=2, chunk_size=5):
            out.write(engine.jsonl_line(engine.detail_line(o)))
    assert one.read_text() == two.read_text()
    assert len(one.read_text().splitlines()) == 24
    assert encoder2.seen  # the workers' strings were embedded here, in the parent


def test_a_killed_worker_stops_an_embedding_run_with_a_scoring_error(tmp_path: Path) -> None:
    import multiprocessing
    import os
    import signal

    path = _mixed_records(tmp_path / "p.jsonl", 200)
    parent, _ = _hash_backend()
    cfg = Config(matcher="embedding", workers_min_records=1)
    outcomes = engine.iter_outcomes(
        engine.open_inputs([path]), cfg, backend=parent, workers=2, chunk_size=2
    )
    next(outcomes)
    for child in multiprocessing.active_children():
        if child.pid is not None:
            os.kill(child.pid, signal.SIGKILL)
    with pytest.raises(ScoringError, match="a worker process died"):
        for _ in outcomes:
            pass


def test_a_worker_process_refuses_to_load_a_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(similarity, "_NO_MODELS", None)
    monkeypatch.setattr(similarity, "_MODELS", {})
    monkeypatch.setattr(engine, "_WORKER_BACKEND", None)
    for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        monkeypatch.setenv(var, "1")
    engine._init_worker(1)  # what every worker process runs first
    backend = EmbeddingBackend(ModelRef("org/model", None, "config"))
    with pytest.raises(RuntimeError, match="worker process of a scoring run; its parent embeds"):
        backend.similarity("a", "b")
    assert similarity._MODELS == {}


def test_a_lexical_runs_workers_never_import_torch() -> None:
    samples = [Sample.from_mapping(record("distorted", 1)), Sample.from_mapping(record("clean", 2))]
    with engine._pool(1) as pool:
        diags = pool.submit(engine._detect_chunk, samples, LEXICAL).result()
        loaded = pool.submit(eval, "sorted(__import__('sys').modules)").result()
    assert [d.flags["attribute_distortion"] for d in diags] == [True, False]
    assert not {m for m in loaded if m.split(".")[0] in ("torch", "sentence_transformers")}


# --- with the real model --------------------------------------------------------------------------


@pytest.fixture
def fresh_model_count(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Forget this process's loaded model and backends; count the models it builds from now."""
    if not similarity.embedding_available() or similarity.bundled_model_path() is None:
        pytest.skip("embedding stack or bundled model not installed")
    built: list[Any] = []
    real = similarity._construct_model
    monkeypatch.setattr(similarity, "_MODELS", {})
    monkeypatch.setattr(similarity, "_BACKENDS", {})

    def construct(ref: ModelRef) -> Any:
        built.append(ref)
        return real(ref)

    monkeypatch.setattr(similarity, "_construct_model", construct)
    return built


@pytest.mark.embedding
def test_two_workers_with_the_embedding_matcher_hold_one_model_and_agree_with_one(
    tmp_path: Path, fresh_model_count: list[Any]
) -> None:
    cfg = Config(matcher="embedding", workers_min_records=1)
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    first = score(DEMO, cfg, details=one, bootstrap=0)
    assert len(fresh_model_count) == 1
    similarity._MODELS.clear()
    similarity._BACKENDS.clear()
    second = score(DEMO, cfg, details=two, bootstrap=0, workers=2, chunk_size=4)
    # the pooled run built one model, here in the parent; a worker cannot build one
    assert len(fresh_model_count) == 2
    assert one.read_text() == two.read_text()
    assert first.to_dict()["rates"] == second.to_dict()["rates"]
    assert second.n == 30


@pytest.mark.embedding
def test_a_model_that_does_not_load_stops_a_pooled_run_with_the_reason(tmp_path: Path) -> None:
    if not similarity.embedding_available():
        pytest.skip("embedding stack not installed")
    path = _mixed_records(tmp_path / "p.jsonl", 8)
    cfg = Config(matcher="embedding", embedding_model=str(tmp_path), workers_min_records=1)
    with pytest.raises(ScoringError, match="cannot load embedding model"):
        score(path, cfg, bootstrap=0, workers=2, chunk_size=2)
