//! The stopping rule of a training run, shared by [`crate::tune`] and [`crate::network`]: the
//! model kept is the one of the epoch with the lowest validation loss, and a run may stop once
//! that loss has not fallen for a number of epochs (its patience). With validation positions of
//! other games than the training's (`--validation-data`), this is the held-out stopping rule
//! docs/learning.md asks for: a model that goes on fitting its own games past that point plays
//! worse, not better.

/// The losses after an epoch.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    /// 0 before training.
    pub epoch: u32,
    /// Mean loss over the training positions (as they were visited during the epoch).
    pub train_loss: f64,
    /// Mean loss over the validation positions.
    pub validation_loss: f64,
}

/// The best epoch so far and its model.
#[derive(Debug)]
pub struct BestEpoch<T> {
    best: Option<(EpochReport, T)>,
    patience: Option<u32>,
    validated: bool,
    since_best: u32,
}

impl<T: Clone> BestEpoch<T> {
    /// A rule that stops after `patience` epochs without a new lowest validation loss (never
    /// when `None`). Without validation positions (`validated` false) there is no loss to go
    /// by: the last epoch is kept and the run never stops early.
    pub fn new(patience: Option<u32>, validated: bool) -> BestEpoch<T> {
        BestEpoch { best: None, patience, validated, since_best: 0 }
    }

    /// Records an epoch and its model; returns true when the run should stop.
    pub fn observe(&mut self, report: &EpochReport, model: &T) -> bool {
        let better = match &self.best {
            Some((best, _)) if self.validated => report.validation_loss < best.validation_loss,
            _ => true,
        };
        if better {
            self.best = Some((*report, model.clone()));
            self.since_best = 0;
        } else {
            self.since_best += 1;
        }
        self.patience.is_some_and(|patience| self.since_best >= patience)
    }

    /// The best epoch's number and model.
    ///
    /// # Panics
    /// If no epoch was observed (the trainers observe epoch 0 before training).
    pub fn into_best(self) -> (u32, T) {
        let (report, model) = self.best.expect("epoch 0 is observed before training");
        (report.epoch, model)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn epoch(epoch: u32, validation_loss: f64) -> EpochReport {
        EpochReport { epoch, train_loss: 0.0, validation_loss }
    }

    #[test]
    fn keeps_the_lowest_validation_loss_and_stops_after_its_patience() {
        let mut rule = BestEpoch::new(Some(2), true);
        assert!(!rule.observe(&epoch(0, 0.30), &"zero"));
        assert!(!rule.observe(&epoch(1, 0.20), &"one"));
        assert!(!rule.observe(&epoch(2, 0.25), &"two"));
        assert!(rule.observe(&epoch(3, 0.20), &"three"), "equal is no better: two epochs without");
        assert_eq!(rule.into_best(), (1, "one"));
    }

    #[test]
    fn a_new_best_resets_the_patience_and_no_patience_never_stops() {
        let mut rule = BestEpoch::new(Some(2), true);
        for (n, loss) in [0.3, 0.31, 0.29, 0.295].into_iter().enumerate() {
            assert!(!rule.observe(&epoch(n as u32, loss), &n));
        }
        assert!(rule.observe(&epoch(4, 0.3), &4));
        assert_eq!(rule.into_best(), (2, 2));
        let mut patient = BestEpoch::new(None, true);
        for n in 0..50 {
            assert!(!patient.observe(&epoch(n, 0.1 + f64::from(n)), &n));
        }
        assert_eq!(patient.into_best(), (0, 0));
    }

    #[test]
    fn without_validation_positions_the_last_epoch_is_kept() {
        let mut rule = BestEpoch::new(Some(1), false);
        for n in 0..4 {
            assert!(!rule.observe(&epoch(n, 0.0), &n));
        }
        assert_eq!(rule.into_best(), (3, 3));
    }
}
