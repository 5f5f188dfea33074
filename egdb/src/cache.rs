//! A small cache of decompressed blocks shared by probing threads: a fixed number of shards,
//! each a short list under its own lock, the most recently used first.

use std::sync::{Arc, Mutex};

const SHARDS: usize = 256;
const PER_SHARD: usize = 16;

/// One shard: (key, block) pairs, the most recently used first.
type Shard = Mutex<Vec<(u64, Arc<[u8]>)>>;

/// Up to 4 096 decompressed blocks (16 MiB of 4 KiB blocks).
pub struct BlockCache {
    shards: Vec<Shard>,
}

impl Default for BlockCache {
    fn default() -> Self {
        BlockCache::new()
    }
}

impl BlockCache {
    /// An empty cache.
    pub fn new() -> BlockCache {
        BlockCache {
            shards: (0..SHARDS).map(|_| Mutex::new(Vec::with_capacity(PER_SHARD))).collect(),
        }
    }

    fn shard(&self, key: u64) -> &Shard {
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58;
        &self.shards[mixed as usize % SHARDS]
    }

    /// The block with `key`, if cached.
    pub fn get(&self, key: u64) -> Option<Arc<[u8]>> {
        let mut shard = self.shard(key).lock().unwrap_or_else(|e| e.into_inner());
        let at = shard.iter().position(|(k, _)| *k == key)?;
        let entry = shard.remove(at);
        let block = entry.1.clone();
        shard.insert(0, entry);
        Some(block)
    }

    /// Caches a block, dropping the least recently used of its shard when full.
    pub fn insert(&self, key: u64, block: Arc<[u8]>) {
        let mut shard = self.shard(key).lock().unwrap_or_else(|e| e.into_inner());
        if shard.iter().any(|(k, _)| *k == key) {
            return;
        }
        if shard.len() >= PER_SHARD {
            shard.pop();
        }
        shard.insert(0, (key, block));
    }
}
