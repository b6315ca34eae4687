"""The hall's journal: every write the server acknowledges is also on a
second medium (the backups' folder, a USB stick) before the answer leaves.

- `codec`: a statement's parameters to and from one JSON line.
- `capture`: what one connection's transaction writes (SQL and parameters,
  savepoints rolled back taken out), gathered by an execute wrapper.
- `writer`: the journal of this process: appended and fsynced at each
  commit under the process's write lock (so in commit order), a snapshot of
  the database at each rotation, refusal while the medium is gone.
- `medium`: the medium the data folder journaled on last time, remembered,
  so that a laptop taken over does not serve again from another folder.
- `replay`: a database brought back from the newest snapshot plus the
  journal's segments after it (`manage.py hall --reprendre <folder>`).

Must not: journal anything on PostgreSQL (the hosted instance has its own
replication), or let a write commit that is not on the medium first.
"""
