//! The motion-state wire forms of `ac_motioninterp::wire` on arbitrary bytes (the first byte
//! picks the form): a decode never panics, and an accepted buffer re-encodes to exactly its
//! bytes and prints its canonical text.

#![no_main]

use ac_motioninterp::wire::{
    InterpretedMotionStatePack, MoveToParameters, MovementData, Origin, RawMotionStatePack,
    TurnToParameters, decode_exact, encode_to_vec,
};
use binrw::{BinRead, BinWrite};
use libfuzzer_sys::fuzz_target;

fn round_trip<T>(bytes: &[u8])
where
    T: for<'a> BinRead<Args<'a> = ()> + for<'a> BinWrite<Args<'a> = ()> + std::fmt::Display,
{
    if let Ok(value) = decode_exact::<T>(bytes, "fuzz input") {
        let again = encode_to_vec(&value).expect("an accepted value encodes");
        assert_eq!(again, bytes, "`{value}` does not round-trip");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&form, bytes)) = data.split_first() else {
        return;
    };
    match form % 6 {
        0 => round_trip::<MovementData>(bytes),
        1 => round_trip::<RawMotionStatePack>(bytes),
        2 => round_trip::<InterpretedMotionStatePack>(bytes),
        3 => round_trip::<MoveToParameters>(bytes),
        4 => round_trip::<TurnToParameters>(bytes),
        _ => round_trip::<Origin>(bytes),
    }
});
