package store

// compatVersion is the PRAGMA user_version the Python reference (and its dashboard) expects.
// Tables and columns it reads keep their names; data only Go uses lives in extra, defaulted columns
// and extra tables, which the reference ignores.
const compatVersion = 3

// schemaVersion versions this implementation's own additions. A mismatch (or a user_version other
// than compatVersion) makes Open drop the derived tables and rebuild them from the markdown,
// which is lossless because the index holds nothing the files do not.
const schemaVersion = 10

// The index schema is created only by a full rebuild (see buildAndSwap), in three parts: the
// tables are loaded before the secondary indexes of memories are built, since sorting once is
// cheaper than keeping ten B-trees in order through 10,000 inserts, and the trigger comes last,
// since a table with a trigger cannot be copied as it stands (SQLite's transfer optimization).
const schemaTablesSQL = `
CREATE TABLE IF NOT EXISTS memories (
    id TEXT PRIMARY KEY,
    type TEXT NOT NULL CHECK (type IN ('procedural','semantic','episodic')),
    title TEXT NOT NULL,
    body_path TEXT NOT NULL,
    project TEXT NOT NULL DEFAULT 'global',
    machine_id TEXT NOT NULL,
    scope TEXT NOT NULL DEFAULT 'portable' CHECK (scope IN ('portable','machine-local')),
    user_id TEXT NOT NULL DEFAULT 'self',
    workspace_id TEXT NOT NULL DEFAULT 'personal',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    prov_source TEXT NOT NULL DEFAULT 'human'
        CHECK (prov_source IN ('human','session-end','reflection','import','merge')),
    prov_model TEXT,
    prov_session TEXT,
    confidence REAL NOT NULL DEFAULT 1.0,
    status TEXT NOT NULL DEFAULT 'active',
    deleted_at TEXT,
    idempotency_key TEXT,
    tag_list TEXT NOT NULL DEFAULT '[]',
    supersedes_list TEXT NOT NULL DEFAULT '[]',
    -- What the body is, for finding the same text under another id (see bodyKey).
    body_key INTEGER,
    -- 1 on every row this implementation writes; rows another program inserts get the default.
    go_indexed INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS memory_tags (
    memory_id TEXT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
    tag TEXT NOT NULL,
    PRIMARY KEY (memory_id, tag)
);
CREATE TABLE IF NOT EXISTS memory_supersedes (
    memory_id TEXT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
    superseded_id TEXT NOT NULL,
    PRIMARY KEY (memory_id, superseded_id)
);

-- alt (Go only, after the reference's columns) holds the forms of the note's words the tokenizer
-- cannot reach: CJK bigrams, joined and split compounds, American spellings, the words of its
-- creation date (see fold.go). Rows another program writes leave it empty.
CREATE VIRTUAL TABLE IF NOT EXISTS memories_fts USING fts5(
    id UNINDEXED, title, body, tags, alt, tokenize='porter unicode61'
);

-- Titles and tags alone, rowid-aligned with memories: where a query's words are all common in the
-- store, ranking runs here, over short posting lists, instead of over most of memories_fts.
CREATE VIRTUAL TABLE IF NOT EXISTS anamnesis_heads USING fts5(
    title, tags, tokenize='porter unicode61'
);

-- What the index last saw of each file, for the cheap drift check on open.
CREATE TABLE IF NOT EXISTS anamnesis_files (
    path TEXT PRIMARY KEY,
    id TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    error TEXT -- set when the file is malformed; id is then ''
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS anamnesis_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

`

const schemaIndexesSQL = `
CREATE INDEX IF NOT EXISTS idx_mem_scope ON memories(project, type, scope);
CREATE INDEX IF NOT EXISTS idx_mem_recency ON memories(updated_at DESC);
CREATE INDEX IF NOT EXISTS idx_mem_prov ON memories(prov_source);
CREATE INDEX IF NOT EXISTS idx_mem_tenant ON memories(user_id, workspace_id, project, type);
CREATE INDEX IF NOT EXISTS idx_mem_list ON memories(updated_at DESC, id DESC);
-- A project's newest notes without sorting all of them: session start lists the newest few of
-- the project and of global on every start (schema 10; at 10,000 notes it turned a sort of
-- ~1,400 rows per list into a walk of the first few dozen).
CREATE INDEX IF NOT EXISTS idx_mem_project_recent ON memories(project, updated_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS idx_mem_session ON memories(prov_session) WHERE prov_session IS NOT NULL;
CREATE INDEX IF NOT EXISTS idx_mem_deleted ON memories(status) WHERE status = 'deleted';
CREATE INDEX IF NOT EXISTS idx_mem_idem ON memories(idempotency_key) WHERE idempotency_key IS NOT NULL;
-- Empty unless another program inserted rows: Open finds them with one lookup (see foreignWrites).
CREATE INDEX IF NOT EXISTS idx_mem_body ON memories(body_key);
CREATE INDEX IF NOT EXISTS idx_mem_foreign ON memories(go_indexed) WHERE go_indexed = 0;
-- An episodic note's neighbours in time, which search lends a share of its score (neighbours.go; schema 10).
CREATE INDEX IF NOT EXISTS idx_mem_episodes ON memories(project, created_at, id) WHERE type = 'episodic';
CREATE INDEX IF NOT EXISTS idx_supersedes_target ON memory_supersedes(superseded_id);
`

const schemaTriggersSQL = `
-- This implementation deletes a note's row only after forgetting its file's record; a row deleted
-- while its file is still recorded was deleted by another program (the reference's reindex starts
-- with DELETE FROM memories). SQLite runs the trigger whoever deletes, so the index remembers it.
CREATE TRIGGER IF NOT EXISTS anamnesis_foreign_delete AFTER DELETE ON memories
WHEN EXISTS (SELECT 1 FROM anamnesis_files WHERE path =
    (CASE OLD.scope WHEN 'machine-local' THEN 'local/' ELSE 'memory/' END) || OLD.body_path)
BEGIN
    INSERT OR REPLACE INTO anamnesis_meta (key, value) VALUES ('foreign', 'rows deleted');
END;
`
