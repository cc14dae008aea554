//! The fidelity switch shared by every layer of the stack.

/// Which behaviour to reproduce where ACE and the retail client differ.
///
/// `Ace` (the default) reproduces the ACE reference exactly, quirks included, because the
/// conformance corpus was recorded from ACE. `Retail` changes only the differences listed with
/// evidence in `retail-vs-ace.md`. Higher crates (`ac-sequence`, `ac-motioninterp`, ...) reuse
/// this enum so one switch configures the whole stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Fidelity {
    /// Match ACE bit-for-bit (the conformance target).
    #[default]
    Ace,
    /// Apply the documented retail-client differences.
    Retail,
}

impl Fidelity {
    /// True for [`Fidelity::Retail`]; a readable guard at quirk sites.
    pub fn is_retail(self) -> bool {
        matches!(self, Fidelity::Retail)
    }
}
