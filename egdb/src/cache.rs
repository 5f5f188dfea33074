//! A small cache of decompressed blocks shared by probing threads: a number of shards, each a
//! short list under its own lock, the most recently used first. A larger cache has more shards,
//! not longer lists, so a probe costs the same.

use std::sync::{Arc, Mutex};

/// Blocks in a shard.
const PER_SHARD: usize = 16;

/// One shard: (key, block) pairs, the most recently used first.
type Shard = Mutex<Vec<(u64, Arc<[u8]>)>>;

/// Up to `16 * shards` decompressed blocks (4 KiB each).
pub struct BlockCache {
    shards: Vec<Shard>,
    /// A key's shard is the top `bits` bits of its mixed hash.
    bits: u32,
}

impl Default for BlockCache {
    fn default() -> Self {
        BlockCache::new(8)
    }
}

impl BlockCache {
    /// An empty cache of `2^bits` shards, up to `16 * 2^bits` blocks (8 bits: 4 096 blocks,
    /// 16 MiB).
    pub fn new(bits: u32) -> BlockCache {
        let bits = bits.clamp(1, 16);
        BlockCache {
            shards: (0..1usize << bits)
                .map(|_| Mutex::new(Vec::with_capacity(PER_SHARD)))
                .collect(),
            bits,
        }
    }

    fn shard(&self, key: u64) -> &Shard {
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits);
        &self.shards[mixed as usize]
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every shard is used (the shard is the hash's top bits: all 256 of them, where an earlier
    /// version reached 64), so the cache holds as many blocks as it says.
    #[test]
    fn the_cache_holds_its_capacity() {
        let cache = BlockCache::new(8);
        let used: std::collections::HashSet<usize> =
            (0..100_000u64).map(|key| cache.shard(key) as *const Shard as usize).collect();
        assert_eq!(used.len(), 256);
        let block: Arc<[u8]> = Arc::from(vec![0u8; 4]);
        for key in 0..4_000u64 {
            cache.insert(key, block.clone());
        }
        let held = (0..4_000u64).filter(|&key| cache.get(key).is_some()).count();
        assert!(held > 3_000, "{held} of 4 000 blocks held by a cache of 4 096");
    }
}
