"""The detector's stages, in the order :func:`tablehallu.detectors.pipeline.run_sample` runs
them; each takes the sample's :class:`~tablehallu.detectors.state.SampleState`:

1. :func:`~.format.check_format` — parse problems and header alignment (``format_error``); in
   lenient mode also transposed tables, one wide row for a field/value gold
   (:mod:`~.reshape`; referenceless, :func:`~.reshape.read_back` before the stages) and columns
   paired by their values (:mod:`~.columns`: renamed, split, merged);
2. :func:`~.keys.choose_keys` — typed cells, the primary key, key/value tables;
3. :func:`~.rows.align_rows` — one-to-one row matching by key, then by whole rows (a generator:
   it may ask for embeddings);
4. :func:`~.cells.compare_cells` — matched rows cell by cell against the gold (generator);
5. :func:`~.adjudicate.adjudicate` — the disagreements settled by the gold or by the context;
6. :func:`~.unmatched.classify_unmatched` — extra rows: duplicate, out of range, extra, invented;
7. :func:`~.unmatched.report_omissions` — gold rows left out;
8. :func:`~.order.check_row_order` — the sort rule.
"""
