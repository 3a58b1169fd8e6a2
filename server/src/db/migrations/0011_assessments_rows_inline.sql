-- A saved assessment's row (its `result` JSON is 5-7 kB) stays in the table's own page, uncompressed, instead of
-- being compressed and moved to the TOAST table: each save then writes one heap row and two index entries rather
-- than also a TOAST row and its index entry, and a read does not decompress. Rows twice the size on disk, for about
-- a third less database CPU per save (docs/performance.md, "API: what a saved assessment costs"). Rows over the
-- target (8160 bytes, the most PostgreSQL allows) are still compressed and moved out as before.
ALTER TABLE "assessments" SET (toast_tuple_target = 8160);
