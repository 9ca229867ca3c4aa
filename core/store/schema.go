package store

// compatVersion is the PRAGMA user_version the Python reference (and its dashboard) expects.
// Tables and columns it reads keep their names; data only Go uses lives in extra, defaulted columns
// and extra tables, which the reference ignores.
const compatVersion = 3

// schemaVersion versions this implementation's own additions. A mismatch (or a user_version other
// than compatVersion) makes Open drop the derived tables and rebuild them from the markdown,
// which is lossless because the index holds nothing the files do not.
const schemaVersion = 6

const schemaSQL = `
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
    supersedes_list TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX IF NOT EXISTS idx_mem_scope ON memories(project, type, scope);
CREATE INDEX IF NOT EXISTS idx_mem_recency ON memories(updated_at DESC);
CREATE INDEX IF NOT EXISTS idx_mem_prov ON memories(prov_source);
CREATE INDEX IF NOT EXISTS idx_mem_tenant ON memories(user_id, workspace_id, project, type);
CREATE INDEX IF NOT EXISTS idx_mem_list ON memories(updated_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS idx_mem_session ON memories(prov_session) WHERE prov_session IS NOT NULL;
CREATE INDEX IF NOT EXISTS idx_mem_deleted ON memories(status) WHERE status = 'deleted';
CREATE INDEX IF NOT EXISTS idx_mem_idem ON memories(idempotency_key) WHERE idempotency_key IS NOT NULL;

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
CREATE INDEX IF NOT EXISTS idx_supersedes_target ON memory_supersedes(superseded_id);

CREATE VIRTUAL TABLE IF NOT EXISTS memories_fts USING fts5(
    id UNINDEXED, title, body, tags, tokenize='porter unicode61'
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

// dropSQL removes every derived table, for a rebuild.
const dropSQL = `
DROP TABLE IF EXISTS memories_fts;
DROP TABLE IF EXISTS anamnesis_heads;
DROP TABLE IF EXISTS memory_supersedes;
DROP TABLE IF EXISTS memory_tags;
DROP TABLE IF EXISTS memories;
DROP TABLE IF EXISTS anamnesis_files;
DROP TABLE IF EXISTS anamnesis_meta;
`
