-- The hub's first schema (docs/HUB.md). Applied by yoyo (companion/hub/store.py: migrate).
-- Paired tables: the token is stored only as its SHA-256.
CREATE TABLE hub_tables (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    paired_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_push TIMESTAMPTZ
);

-- Pairing codes shown by the hub: single use, short-lived, stored only hashed.
CREATE TABLE pairing_codes (
    code_hash TEXT PRIMARY KEY,
    expires TIMESTAMPTZ NOT NULL,
    used_by BIGINT REFERENCES hub_tables(id)
);

-- One row per (table, game number): the header the table sent with its newest push.
-- header_seq orders headers (the table's sequence, never its clock); finished_at and updated
-- are the hub's clock.
CREATE TABLE hub_games (
    table_id BIGINT NOT NULL REFERENCES hub_tables(id),
    game_no BIGINT NOT NULL,
    title TEXT NOT NULL,
    players JSONB NOT NULL,
    options JSONB NOT NULL,
    created TEXT NOT NULL,
    status TEXT NOT NULL,
    round INTEGER,
    header_seq BIGINT NOT NULL,
    updated TIMESTAMPTZ NOT NULL DEFAULT now(),
    finished_at TIMESTAMPTZ,
    ranking JSONB,
    PRIMARY KEY (table_id, game_no)
);
CREATE INDEX hub_games_finished ON hub_games (finished_at);
CREATE INDEX hub_games_updated ON hub_games (table_id, updated);

-- Every log entry of every table, once: the key is (table, game, seq).
CREATE TABLE hub_entries (
    table_id BIGINT NOT NULL,
    game_no BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    type TEXT NOT NULL,
    payload JSONB NOT NULL,
    author TEXT NOT NULL,
    table_time TEXT NOT NULL,
    received TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (table_id, game_no, seq),
    FOREIGN KEY (table_id, game_no) REFERENCES hub_games (table_id, game_no)
);
