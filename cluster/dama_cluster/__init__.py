"""dama-cluster: Dama's self-play, matches and endgame-table builds as jobs on a Ray cluster.

Each job splits into independent units that the `dama` binary runs by itself (`dama selfplay
--shard I/N`, `dama match --shard I/N`, `dama egdb build --slice NAME`); Ray schedules them
over the cluster, retries those whose worker dies, and brings their files back; `dama` merges
them (`dama selfplay-merge`, `dama match-merge`). See docs/cluster.md.
"""
