//! Realising a plan: the MotionData of every cycle, modifier and link of one table, and its
//! setup.

use ac_dat::motion::*;
use ac_dat::{
    AnimData, MotionData, MotionTable, Setup, cycle_key, modifier_key, styleless_modifier_key,
};
use glam::Vec3;

use super::animations::{AnimKey, AnimRegistry, Role, sgroup};
use super::plan::{Families, Group, GroupKind, Kind, Plan};
use super::rng::Rng;

/// Turn rate of every turn cycle and modifier: π/2 rad/s.
const TURN_OMEGA: f32 = 1.570_796_4;

/// The motion table `p` describes, drawing its animations from `reg`.
pub(super) fn realise(
    p: &Plan,
    reg: &mut AnimRegistry,
    fam: &Families,
    rng: &mut Rng,
) -> MotionTable {
    let mut t = MotionTable::new(p.id, NON_COMBAT);
    for &s in &p.styles {
        t.set_style_default(s, p.default_sub);
    }
    add_cycles(&mut t, p, reg, fam, rng);
    add_modifiers(&mut t, p, fam);
    add_links(&mut t, p, reg);
    t
}

fn anim_key(p: &Plan, style: u32, motion: u32, role: Role) -> AnimKey {
    AnimKey {
        family: p.family,
        sgroup: sgroup(p.kind, style),
        motion,
        role,
    }
}

/// One cycle per planned `(style, substate)`: the substate's animation (now and then a
/// shortened frame range, another framerate or a second anim), locomotion velocity and turn
/// omega, and the behaviour bits.
fn add_cycles(
    t: &mut MotionTable,
    p: &Plan,
    reg: &mut AnimRegistry,
    fam: &Families,
    rng: &mut Rng,
) {
    let speed = fam.speed[p.family as usize];
    let key = |s: u32, motion: u32, role: Role| anim_key(p, s, motion, role);
    for &(s, c) in &p.cycles {
        let spec = reg.get(key(s, c, Role::Cycle));
        let mut a = AnimData::new(spec.id);
        if rng.below(40) == 0 && spec.frames >= 4 {
            a.low_frame = 1;
            a.high_frame = spec.frames as i32 - 2;
        }
        if !matches!(c, WALK_FORWARD | RUN_FORWARD | SIDE_STEP_RIGHT | TURN_RIGHT)
            && rng.below(20) == 0
        {
            a.framerate = [15.0, 20.0, 25.0][rng.below(3) as usize];
        }
        let mut anims = vec![a];
        if rng.below(150) == 0 {
            anims.push(AnimData::new(reg.get(key(s, c, Role::LinkIn)).id));
        }
        let mut md = MotionData::new(anims);
        if p.kind.moves() {
            match c {
                WALK_FORWARD => md = md.with_velocity(Vec3::new(0.0, 3.12 * speed, 0.0)),
                RUN_FORWARD => md = md.with_velocity(Vec3::new(0.0, 4.0 * speed, 0.0)),
                SIDE_STEP_RIGHT => md = md.with_velocity(Vec3::new(1.25 * speed, 0.0, 0.0)),
                _ => {}
            }
        }
        if p.kind.turns() && c == TURN_RIGHT {
            md = md.with_omega(Vec3::new(0.0, 0.0, -TURN_OMEGA));
        }
        if p.bit1 && matches!(c, DEAD | SLEEPING | SITTING | FALLEN) {
            md.bitfield |= MotionData::CLEARS_MODIFIERS;
        }
        if matches!(p.kind, Kind::Humanoid | Kind::HumanoidVariant)
            && matches!(c, CROUCH | SITTING | SLEEPING)
        {
            md.bitfield |= MotionData::RESTRICTED;
        }
        // Turn and sidestep cycles are enterable only from the default substate: from Ready
        // they turn or step in place, while walking or running the resolver falls through to
        // the modifier branch and overlays them, so the run goes on.
        if p.kind.moves() && matches!(c, TURN_RIGHT | SIDE_STEP_RIGHT) {
            md.bitfield |= MotionData::RESTRICTED;
        }
        t.set_cycle(cycle_key(s, c), md);
    }
}

/// The planned modifiers: turns carry an omega, sidesteps a velocity.
fn add_modifiers(t: &mut MotionTable, p: &Plan, fam: &Families) {
    let speed = fam.speed[p.family as usize];
    for &(style, m) in p.modifier_cands.iter().take(p.modifiers_n) {
        let md = match m {
            TURN_RIGHT => MotionData::default().with_omega(Vec3::new(0.0, 0.0, -TURN_OMEGA)),
            TURN_LEFT => MotionData::default().with_omega(Vec3::new(0.0, 0.0, TURN_OMEGA)),
            SIDE_STEP_RIGHT => {
                MotionData::default().with_velocity(Vec3::new(1.25 * speed, 0.0, 0.0))
            }
            _ => MotionData::default().with_velocity(Vec3::new(-1.25 * speed, 0.0, 0.0)),
        };
        let k = match style {
            Some(s) => modifier_key(s, m),
            None => styleless_modifier_key(m),
        };
        t.set_modifier(k, md);
    }
}

/// The planned link groups, each with its share of destinations: a style switch, an action,
/// a transition out of or back to the default substate, or the start of another cycle.
fn add_links(t: &mut MotionTable, p: &Plan, reg: &mut AnimRegistry) {
    let d = p.default_sub;
    let key = |s: u32, motion: u32, role: Role| anim_key(p, s, motion, role);
    let groups = &p.group_cands[..p.groups_n.min(p.group_cands.len())];
    let take = spread_dests(groups, p.dests_n);
    for (g, &n) in groups.iter().zip(&take) {
        for &to in g.dests.iter().take(n) {
            let anims = if to & 0x8000_0000 != 0 {
                vec![AnimData::new(
                    reg.get(AnimKey {
                        family: p.family,
                        sgroup: sgroup(p.kind, g.style) * 16 + sgroup(p.kind, to),
                        motion: to,
                        role: Role::StyleSwitch,
                    })
                    .id,
                )]
            } else if to & 0x1000_0000 != 0 {
                let spec = reg.get(key(g.style, to, Role::Action));
                vec![AnimData::new(spec.id)]
            } else if g.kind != GroupKind::Other {
                vec![AnimData::new(reg.get(key(g.style, to, Role::LinkIn)).id)]
            } else if to == d {
                vec![AnimData::new(
                    reg.get(key(g.style, g.from, Role::LinkOut)).id,
                )]
            } else {
                // Between two non-default substates: the first frames of the target's cycle.
                let spec = reg.get(key(g.style, to, Role::Cycle));
                let high = (spec.frames / 3).max(1) as i32;
                vec![AnimData::with_range(spec.id, 0, high, 30.0)]
            };
            t.set_link(g.outer(), to, MotionData::new(anims));
        }
    }
}

type GroupFilter<'a> = dyn Fn(&Group) -> bool + 'a;

/// Chooses how many destinations each group keeps so that they sum to `total`.
fn spread_dests(groups: &[Group], total: usize) -> Vec<usize> {
    let mut take: Vec<usize> = groups.iter().map(|g| g.dests.len().min(1)).collect();
    let mut budget = total.saturating_sub(take.iter().sum());
    let locomotion = [WALK_FORWARD, RUN_FORWARD, TURN_RIGHT, SIDE_STEP_RIGHT];
    let tiers: [(&GroupFilter<'_>, usize); 3] = [
        (
            &|g: &Group| g.kind == GroupKind::Other && locomotion.contains(&g.from),
            3,
        ),
        (&|g: &Group| g.kind == GroupKind::Default, usize::MAX),
        (&|_: &Group| true, usize::MAX),
    ];
    for (pick, cap) in tiers {
        loop {
            let mut progressed = false;
            for (i, g) in groups.iter().enumerate() {
                if budget == 0 {
                    break;
                }
                if pick(g) && take[i] < g.dests.len().min(cap) {
                    take[i] += 1;
                    budget -= 1;
                    progressed = true;
                }
            }
            if !progressed || budget == 0 {
                break;
            }
        }
    }
    take
}

/// The setup of `p`'s table `t`: the family's parts and a body sized for the kind; static
/// objects also name their default cycle's animation.
pub(super) fn setup(p: &Plan, t: &MotionTable, fam: &Families) -> Setup {
    let parts_n = fam.parts[p.family as usize];
    let parts = (0..parts_n)
        .map(|k| 0x0100_0000 + p.family * 64 + k + 1)
        .collect();
    let (height, radius) = match p.kind {
        Kind::Humanoid | Kind::HumanoidVariant => (1.8, 0.4),
        Kind::Creature => (1.25, 0.75),
        _ => (1.0, 0.5),
    };
    let default_animation = if p.kind == Kind::Static {
        t.cycle(cycle_key(NON_COMBAT, p.default_sub))
            .and_then(|m| m.anims.first())
            .map_or(0, |a| a.anim_id)
    } else {
        0
    };
    Setup {
        id: 0x0200_0000 | (p.id & 0xFFFF),
        flags: if p.kind.moves() { 0x4 } else { 0x8 },
        parts,
        body: Setup::minimal_body(parts_n, height, radius),
        default_animation,
        default_script: 0,
        default_motion_table: p.id,
        default_sound_table: 0x2000_0001 + p.family,
        default_script_table: 0,
    }
}
