//! Every ACE `MotionCommand` id as a named `u32` constant (`motion-constants.md` §19).
//!
//! Generated from `/work/shared/scenarios/motion-names.tsv` (the authoritative name → id list the
//! scenario parser accepts); do not edit by hand — every id is a fact of the ACE enum.

// Ids are the ACE `MotionCommand` enum values (`motion-constants.md` §19).
/// ACE `MotionCommand.Invalid` = `0x00000000` (no class bits).
pub const INVALID: u32 = 0x00000000;
/// ACE `MotionCommand.HoldRun` = `0x85000001` (Style+Toggle+Mappable).
pub const HOLD_RUN: u32 = 0x85000001;
/// ACE `MotionCommand.HoldSidestep` = `0x85000002` (Style+Toggle+Mappable).
pub const HOLD_SIDESTEP: u32 = 0x85000002;
/// ACE `MotionCommand.Ready` = `0x41000003` (SubState+Mappable).
pub const READY: u32 = 0x41000003;
/// ACE `MotionCommand.Stop` = `0x40000004` (SubState).
pub const STOP: u32 = 0x40000004;
/// ACE `MotionCommand.WalkForward` = `0x45000005` (SubState+Toggle+Mappable).
pub const WALK_FORWARD: u32 = 0x45000005;
/// ACE `MotionCommand.WalkBackwards` = `0x45000006` (SubState+Toggle+Mappable).
pub const WALK_BACKWARDS: u32 = 0x45000006;
/// ACE `MotionCommand.RunForward` = `0x44000007` (SubState+Toggle).
pub const RUN_FORWARD: u32 = 0x44000007;
/// ACE `MotionCommand.Fallen` = `0x40000008` (SubState).
pub const FALLEN: u32 = 0x40000008;
/// ACE `MotionCommand.Interpolating` = `0x40000009` (SubState).
pub const INTERPOLATING: u32 = 0x40000009;
/// ACE `MotionCommand.Hover` = `0x4000000A` (SubState).
pub const HOVER: u32 = 0x4000000A;
/// ACE `MotionCommand.On` = `0x4000000B` (SubState).
pub const ON: u32 = 0x4000000B;
/// ACE `MotionCommand.Off` = `0x4000000C` (SubState).
pub const OFF: u32 = 0x4000000C;
/// ACE `MotionCommand.TurnRight` = `0x6500000D` (SubState+Modifier+Toggle+Mappable).
pub const TURN_RIGHT: u32 = 0x6500000D;
/// ACE `MotionCommand.TurnLeft` = `0x6500000E` (SubState+Modifier+Toggle+Mappable).
pub const TURN_LEFT: u32 = 0x6500000E;
/// ACE `MotionCommand.SideStepRight` = `0x6500000F` (SubState+Modifier+Toggle+Mappable).
pub const SIDE_STEP_RIGHT: u32 = 0x6500000F;
/// ACE `MotionCommand.SideStepLeft` = `0x65000010` (SubState+Modifier+Toggle+Mappable).
pub const SIDE_STEP_LEFT: u32 = 0x65000010;
/// ACE `MotionCommand.Dead` = `0x40000011` (SubState).
pub const DEAD: u32 = 0x40000011;
/// ACE `MotionCommand.Crouch` = `0x41000012` (SubState+Mappable).
pub const CROUCH: u32 = 0x41000012;
/// ACE `MotionCommand.Sitting` = `0x41000013` (SubState+Mappable).
pub const SITTING: u32 = 0x41000013;
/// ACE `MotionCommand.Sleeping` = `0x41000014` (SubState+Mappable).
pub const SLEEPING: u32 = 0x41000014;
/// ACE `MotionCommand.Falling` = `0x40000015` (SubState).
pub const FALLING: u32 = 0x40000015;
/// ACE `MotionCommand.Reload` = `0x40000016` (SubState).
pub const RELOAD: u32 = 0x40000016;
/// ACE `MotionCommand.Unload` = `0x40000017` (SubState).
pub const UNLOAD: u32 = 0x40000017;
/// ACE `MotionCommand.Pickup` = `0x40000018` (SubState).
pub const PICKUP: u32 = 0x40000018;
/// ACE `MotionCommand.StoreInBackpack` = `0x40000019` (SubState).
pub const STORE_IN_BACKPACK: u32 = 0x40000019;
/// ACE `MotionCommand.Eat` = `0x4000001A` (SubState).
pub const EAT: u32 = 0x4000001A;
/// ACE `MotionCommand.Drink` = `0x4000001B` (SubState).
pub const DRINK: u32 = 0x4000001B;
/// ACE `MotionCommand.Reading` = `0x4000001C` (SubState).
pub const READING: u32 = 0x4000001C;
/// ACE `MotionCommand.JumpCharging` = `0x4000001D` (SubState).
pub const JUMP_CHARGING: u32 = 0x4000001D;
/// ACE `MotionCommand.AimLevel` = `0x4000001E` (SubState).
pub const AIM_LEVEL: u32 = 0x4000001E;
/// ACE `MotionCommand.AimHigh15` = `0x4000001F` (SubState).
pub const AIM_HIGH15: u32 = 0x4000001F;
/// ACE `MotionCommand.AimHigh30` = `0x40000020` (SubState).
pub const AIM_HIGH30: u32 = 0x40000020;
/// ACE `MotionCommand.AimHigh45` = `0x40000021` (SubState).
pub const AIM_HIGH45: u32 = 0x40000021;
/// ACE `MotionCommand.AimHigh60` = `0x40000022` (SubState).
pub const AIM_HIGH60: u32 = 0x40000022;
/// ACE `MotionCommand.AimHigh75` = `0x40000023` (SubState).
pub const AIM_HIGH75: u32 = 0x40000023;
/// ACE `MotionCommand.AimHigh90` = `0x40000024` (SubState).
pub const AIM_HIGH90: u32 = 0x40000024;
/// ACE `MotionCommand.AimLow15` = `0x40000025` (SubState).
pub const AIM_LOW15: u32 = 0x40000025;
/// ACE `MotionCommand.AimLow30` = `0x40000026` (SubState).
pub const AIM_LOW30: u32 = 0x40000026;
/// ACE `MotionCommand.AimLow45` = `0x40000027` (SubState).
pub const AIM_LOW45: u32 = 0x40000027;
/// ACE `MotionCommand.AimLow60` = `0x40000028` (SubState).
pub const AIM_LOW60: u32 = 0x40000028;
/// ACE `MotionCommand.AimLow75` = `0x40000029` (SubState).
pub const AIM_LOW75: u32 = 0x40000029;
/// ACE `MotionCommand.AimLow90` = `0x4000002A` (SubState).
pub const AIM_LOW90: u32 = 0x4000002A;
/// ACE `MotionCommand.MagicBlast` = `0x4000002B` (SubState).
pub const MAGIC_BLAST: u32 = 0x4000002B;
/// ACE `MotionCommand.MagicSelfHead` = `0x4000002C` (SubState).
pub const MAGIC_SELF_HEAD: u32 = 0x4000002C;
/// ACE `MotionCommand.MagicSelfHeart` = `0x4000002D` (SubState).
pub const MAGIC_SELF_HEART: u32 = 0x4000002D;
/// ACE `MotionCommand.MagicBonus` = `0x4000002E` (SubState).
pub const MAGIC_BONUS: u32 = 0x4000002E;
/// ACE `MotionCommand.MagicClap` = `0x4000002F` (SubState).
pub const MAGIC_CLAP: u32 = 0x4000002F;
/// ACE `MotionCommand.MagicHarm` = `0x40000030` (SubState).
pub const MAGIC_HARM: u32 = 0x40000030;
/// ACE `MotionCommand.MagicHeal` = `0x40000031` (SubState).
pub const MAGIC_HEAL: u32 = 0x40000031;
/// ACE `MotionCommand.MagicThrowMissile` = `0x40000032` (SubState).
pub const MAGIC_THROW_MISSILE: u32 = 0x40000032;
/// ACE `MotionCommand.MagicRecoilMissile` = `0x40000033` (SubState).
pub const MAGIC_RECOIL_MISSILE: u32 = 0x40000033;
/// ACE `MotionCommand.MagicPenalty` = `0x40000034` (SubState).
pub const MAGIC_PENALTY: u32 = 0x40000034;
/// ACE `MotionCommand.MagicTransfer` = `0x40000035` (SubState).
pub const MAGIC_TRANSFER: u32 = 0x40000035;
/// ACE `MotionCommand.MagicVision` = `0x40000036` (SubState).
pub const MAGIC_VISION: u32 = 0x40000036;
/// ACE `MotionCommand.MagicEnchantItem` = `0x40000037` (SubState).
pub const MAGIC_ENCHANT_ITEM: u32 = 0x40000037;
/// ACE `MotionCommand.MagicPortal` = `0x40000038` (SubState).
pub const MAGIC_PORTAL: u32 = 0x40000038;
/// ACE `MotionCommand.MagicPray` = `0x40000039` (SubState).
pub const MAGIC_PRAY: u32 = 0x40000039;
/// ACE `MotionCommand.StopTurning` = `0x2000003A` (Modifier).
pub const STOP_TURNING: u32 = 0x2000003A;
/// ACE `MotionCommand.Jump` = `0x2500003B` (Modifier+Toggle+Mappable).
pub const JUMP: u32 = 0x2500003B;
/// ACE `MotionCommand.HandCombat` = `0x8000003C` (Style).
pub const HAND_COMBAT: u32 = 0x8000003C;
/// ACE `MotionCommand.NonCombat` = `0x8000003D` (Style).
pub const NON_COMBAT: u32 = 0x8000003D;
/// ACE `MotionCommand.SwordCombat` = `0x8000003E` (Style).
pub const SWORD_COMBAT: u32 = 0x8000003E;
/// ACE `MotionCommand.BowCombat` = `0x8000003F` (Style).
pub const BOW_COMBAT: u32 = 0x8000003F;
/// ACE `MotionCommand.SwordShieldCombat` = `0x80000040` (Style).
pub const SWORD_SHIELD_COMBAT: u32 = 0x80000040;
/// ACE `MotionCommand.CrossbowCombat` = `0x80000041` (Style).
pub const CROSSBOW_COMBAT: u32 = 0x80000041;
/// ACE `MotionCommand.UnusedCombat` = `0x80000042` (Style).
pub const UNUSED_COMBAT: u32 = 0x80000042;
/// ACE `MotionCommand.SlingCombat` = `0x80000043` (Style).
pub const SLING_COMBAT: u32 = 0x80000043;
/// ACE `MotionCommand.TwoHandedSwordCombat` = `0x80000044` (Style).
pub const TWO_HANDED_SWORD_COMBAT: u32 = 0x80000044;
/// ACE `MotionCommand.TwoHandedStaffCombat` = `0x80000045` (Style).
pub const TWO_HANDED_STAFF_COMBAT: u32 = 0x80000045;
/// ACE `MotionCommand.DualWieldCombat` = `0x80000046` (Style).
pub const DUAL_WIELD_COMBAT: u32 = 0x80000046;
/// ACE `MotionCommand.ThrownWeaponCombat` = `0x80000047` (Style).
pub const THROWN_WEAPON_COMBAT: u32 = 0x80000047;
/// ACE `MotionCommand.Graze` = `0x80000048` (Style).
pub const GRAZE: u32 = 0x80000048;
/// ACE `MotionCommand.Magic` = `0x80000049` (Style).
pub const MAGIC: u32 = 0x80000049;
/// ACE `MotionCommand.Hop` = `0x1000004A` (Action).
pub const HOP: u32 = 0x1000004A;
/// ACE `MotionCommand.Jumpup` = `0x1000004B` (Action).
pub const JUMPUP: u32 = 0x1000004B;
/// ACE `MotionCommand.Cheer` = `0x1300004C` (Action+ChatEmote+Mappable).
pub const CHEER: u32 = 0x1300004C;
/// ACE `MotionCommand.ChestBeat` = `0x1000004D` (Action).
pub const CHEST_BEAT: u32 = 0x1000004D;
/// ACE `MotionCommand.TippedLeft` = `0x1000004E` (Action).
pub const TIPPED_LEFT: u32 = 0x1000004E;
/// ACE `MotionCommand.TippedRight` = `0x1000004F` (Action).
pub const TIPPED_RIGHT: u32 = 0x1000004F;
/// ACE `MotionCommand.FallDown` = `0x10000050` (Action).
pub const FALL_DOWN: u32 = 0x10000050;
/// ACE `MotionCommand.Twitch1` = `0x10000051` (Action).
pub const TWITCH1: u32 = 0x10000051;
/// ACE `MotionCommand.Twitch2` = `0x10000052` (Action).
pub const TWITCH2: u32 = 0x10000052;
/// ACE `MotionCommand.Twitch3` = `0x10000053` (Action).
pub const TWITCH3: u32 = 0x10000053;
/// ACE `MotionCommand.Twitch4` = `0x10000054` (Action).
pub const TWITCH4: u32 = 0x10000054;
/// ACE `MotionCommand.StaggerBackward` = `0x10000055` (Action).
pub const STAGGER_BACKWARD: u32 = 0x10000055;
/// ACE `MotionCommand.StaggerForward` = `0x10000056` (Action).
pub const STAGGER_FORWARD: u32 = 0x10000056;
/// ACE `MotionCommand.Sanctuary` = `0x10000057` (Action).
pub const SANCTUARY: u32 = 0x10000057;
/// ACE `MotionCommand.ThrustMed` = `0x10000058` (Action).
pub const THRUST_MED: u32 = 0x10000058;
/// ACE `MotionCommand.ThrustLow` = `0x10000059` (Action).
pub const THRUST_LOW: u32 = 0x10000059;
/// ACE `MotionCommand.ThrustHigh` = `0x1000005A` (Action).
pub const THRUST_HIGH: u32 = 0x1000005A;
/// ACE `MotionCommand.SlashHigh` = `0x1000005B` (Action).
pub const SLASH_HIGH: u32 = 0x1000005B;
/// ACE `MotionCommand.SlashMed` = `0x1000005C` (Action).
pub const SLASH_MED: u32 = 0x1000005C;
/// ACE `MotionCommand.SlashLow` = `0x1000005D` (Action).
pub const SLASH_LOW: u32 = 0x1000005D;
/// ACE `MotionCommand.BackhandHigh` = `0x1000005E` (Action).
pub const BACKHAND_HIGH: u32 = 0x1000005E;
/// ACE `MotionCommand.BackhandMed` = `0x1000005F` (Action).
pub const BACKHAND_MED: u32 = 0x1000005F;
/// ACE `MotionCommand.BackhandLow` = `0x10000060` (Action).
pub const BACKHAND_LOW: u32 = 0x10000060;
/// ACE `MotionCommand.Shoot` = `0x10000061` (Action).
pub const SHOOT: u32 = 0x10000061;
/// ACE `MotionCommand.AttackHigh1` = `0x10000062` (Action).
pub const ATTACK_HIGH1: u32 = 0x10000062;
/// ACE `MotionCommand.AttackMed1` = `0x10000063` (Action).
pub const ATTACK_MED1: u32 = 0x10000063;
/// ACE `MotionCommand.AttackLow1` = `0x10000064` (Action).
pub const ATTACK_LOW1: u32 = 0x10000064;
/// ACE `MotionCommand.AttackHigh2` = `0x10000065` (Action).
pub const ATTACK_HIGH2: u32 = 0x10000065;
/// ACE `MotionCommand.AttackMed2` = `0x10000066` (Action).
pub const ATTACK_MED2: u32 = 0x10000066;
/// ACE `MotionCommand.AttackLow2` = `0x10000067` (Action).
pub const ATTACK_LOW2: u32 = 0x10000067;
/// ACE `MotionCommand.AttackHigh3` = `0x10000068` (Action).
pub const ATTACK_HIGH3: u32 = 0x10000068;
/// ACE `MotionCommand.AttackMed3` = `0x10000069` (Action).
pub const ATTACK_MED3: u32 = 0x10000069;
/// ACE `MotionCommand.AttackLow3` = `0x1000006A` (Action).
pub const ATTACK_LOW3: u32 = 0x1000006A;
/// ACE `MotionCommand.HeadThrow` = `0x1000006B` (Action).
pub const HEAD_THROW: u32 = 0x1000006B;
/// ACE `MotionCommand.FistSlam` = `0x1000006C` (Action).
pub const FIST_SLAM: u32 = 0x1000006C;
/// ACE `MotionCommand.BreatheFlame` = `0x1000006D` (Action).
pub const BREATHE_FLAME: u32 = 0x1000006D;
/// ACE `MotionCommand.SpinAttack` = `0x1000006E` (Action).
pub const SPIN_ATTACK: u32 = 0x1000006E;
/// ACE `MotionCommand.MagicPowerUp01` = `0x1000006F` (Action).
pub const MAGIC_POWER_UP01: u32 = 0x1000006F;
/// ACE `MotionCommand.MagicPowerUp02` = `0x10000070` (Action).
pub const MAGIC_POWER_UP02: u32 = 0x10000070;
/// ACE `MotionCommand.MagicPowerUp03` = `0x10000071` (Action).
pub const MAGIC_POWER_UP03: u32 = 0x10000071;
/// ACE `MotionCommand.MagicPowerUp04` = `0x10000072` (Action).
pub const MAGIC_POWER_UP04: u32 = 0x10000072;
/// ACE `MotionCommand.MagicPowerUp05` = `0x10000073` (Action).
pub const MAGIC_POWER_UP05: u32 = 0x10000073;
/// ACE `MotionCommand.MagicPowerUp06` = `0x10000074` (Action).
pub const MAGIC_POWER_UP06: u32 = 0x10000074;
/// ACE `MotionCommand.MagicPowerUp07` = `0x10000075` (Action).
pub const MAGIC_POWER_UP07: u32 = 0x10000075;
/// ACE `MotionCommand.MagicPowerUp08` = `0x10000076` (Action).
pub const MAGIC_POWER_UP08: u32 = 0x10000076;
/// ACE `MotionCommand.MagicPowerUp09` = `0x10000077` (Action).
pub const MAGIC_POWER_UP09: u32 = 0x10000077;
/// ACE `MotionCommand.MagicPowerUp10` = `0x10000078` (Action).
pub const MAGIC_POWER_UP10: u32 = 0x10000078;
/// ACE `MotionCommand.ShakeFist` = `0x13000079` (Action+ChatEmote+Mappable).
pub const SHAKE_FIST: u32 = 0x13000079;
/// ACE `MotionCommand.Beckon` = `0x1300007A` (Action+ChatEmote+Mappable).
pub const BECKON: u32 = 0x1300007A;
/// ACE `MotionCommand.BeSeeingYou` = `0x1300007B` (Action+ChatEmote+Mappable).
pub const BE_SEEING_YOU: u32 = 0x1300007B;
/// ACE `MotionCommand.BlowKiss` = `0x1300007C` (Action+ChatEmote+Mappable).
pub const BLOW_KISS: u32 = 0x1300007C;
/// ACE `MotionCommand.BowDeep` = `0x1300007D` (Action+ChatEmote+Mappable).
pub const BOW_DEEP: u32 = 0x1300007D;
/// ACE `MotionCommand.ClapHands` = `0x1300007E` (Action+ChatEmote+Mappable).
pub const CLAP_HANDS: u32 = 0x1300007E;
/// ACE `MotionCommand.Cry` = `0x1300007F` (Action+ChatEmote+Mappable).
pub const CRY: u32 = 0x1300007F;
/// ACE `MotionCommand.Laugh` = `0x13000080` (Action+ChatEmote+Mappable).
pub const LAUGH: u32 = 0x13000080;
/// ACE `MotionCommand.MimeEat` = `0x13000081` (Action+ChatEmote+Mappable).
pub const MIME_EAT: u32 = 0x13000081;
/// ACE `MotionCommand.MimeDrink` = `0x13000082` (Action+ChatEmote+Mappable).
pub const MIME_DRINK: u32 = 0x13000082;
/// ACE `MotionCommand.Nod` = `0x13000083` (Action+ChatEmote+Mappable).
pub const NOD: u32 = 0x13000083;
/// ACE `MotionCommand.Point` = `0x13000084` (Action+ChatEmote+Mappable).
pub const POINT: u32 = 0x13000084;
/// ACE `MotionCommand.ShakeHead` = `0x13000085` (Action+ChatEmote+Mappable).
pub const SHAKE_HEAD: u32 = 0x13000085;
/// ACE `MotionCommand.Shrug` = `0x13000086` (Action+ChatEmote+Mappable).
pub const SHRUG: u32 = 0x13000086;
/// ACE `MotionCommand.Wave` = `0x13000087` (Action+ChatEmote+Mappable).
pub const WAVE: u32 = 0x13000087;
/// ACE `MotionCommand.Akimbo` = `0x13000088` (Action+ChatEmote+Mappable).
pub const AKIMBO: u32 = 0x13000088;
/// ACE `MotionCommand.HeartyLaugh` = `0x13000089` (Action+ChatEmote+Mappable).
pub const HEARTY_LAUGH: u32 = 0x13000089;
/// ACE `MotionCommand.Salute` = `0x1300008A` (Action+ChatEmote+Mappable).
pub const SALUTE: u32 = 0x1300008A;
/// ACE `MotionCommand.ScratchHead` = `0x1300008B` (Action+ChatEmote+Mappable).
pub const SCRATCH_HEAD: u32 = 0x1300008B;
/// ACE `MotionCommand.SmackHead` = `0x1300008C` (Action+ChatEmote+Mappable).
pub const SMACK_HEAD: u32 = 0x1300008C;
/// ACE `MotionCommand.TapFoot` = `0x1300008D` (Action+ChatEmote+Mappable).
pub const TAP_FOOT: u32 = 0x1300008D;
/// ACE `MotionCommand.WaveHigh` = `0x1300008E` (Action+ChatEmote+Mappable).
pub const WAVE_HIGH: u32 = 0x1300008E;
/// ACE `MotionCommand.WaveLow` = `0x1300008F` (Action+ChatEmote+Mappable).
pub const WAVE_LOW: u32 = 0x1300008F;
/// ACE `MotionCommand.YawnStretch` = `0x13000090` (Action+ChatEmote+Mappable).
pub const YAWN_STRETCH: u32 = 0x13000090;
/// ACE `MotionCommand.Cringe` = `0x13000091` (Action+ChatEmote+Mappable).
pub const CRINGE: u32 = 0x13000091;
/// ACE `MotionCommand.Kneel` = `0x13000092` (Action+ChatEmote+Mappable).
pub const KNEEL: u32 = 0x13000092;
/// ACE `MotionCommand.Plead` = `0x13000093` (Action+ChatEmote+Mappable).
pub const PLEAD: u32 = 0x13000093;
/// ACE `MotionCommand.Shiver` = `0x13000094` (Action+ChatEmote+Mappable).
pub const SHIVER: u32 = 0x13000094;
/// ACE `MotionCommand.Shoo` = `0x13000095` (Action+ChatEmote+Mappable).
pub const SHOO: u32 = 0x13000095;
/// ACE `MotionCommand.Slouch` = `0x13000096` (Action+ChatEmote+Mappable).
pub const SLOUCH: u32 = 0x13000096;
/// ACE `MotionCommand.Spit` = `0x13000097` (Action+ChatEmote+Mappable).
pub const SPIT: u32 = 0x13000097;
/// ACE `MotionCommand.Surrender` = `0x13000098` (Action+ChatEmote+Mappable).
pub const SURRENDER: u32 = 0x13000098;
/// ACE `MotionCommand.Woah` = `0x13000099` (Action+ChatEmote+Mappable).
pub const WOAH: u32 = 0x13000099;
/// ACE `MotionCommand.Winded` = `0x1300009A` (Action+ChatEmote+Mappable).
pub const WINDED: u32 = 0x1300009A;
/// ACE `MotionCommand.YMCA` = `0x1200009B` (Action+ChatEmote).
pub const YMCA: u32 = 0x1200009B;
/// ACE `MotionCommand.EnterGame` = `0x1000009C` (Action).
pub const ENTER_GAME: u32 = 0x1000009C;
/// ACE `MotionCommand.ExitGame` = `0x1000009D` (Action).
pub const EXIT_GAME: u32 = 0x1000009D;
/// ACE `MotionCommand.OnCreation` = `0x1000009E` (Action).
pub const ON_CREATION: u32 = 0x1000009E;
/// ACE `MotionCommand.OnDestruction` = `0x1000009F` (Action).
pub const ON_DESTRUCTION: u32 = 0x1000009F;
/// ACE `MotionCommand.EnterPortal` = `0x100000A0` (Action).
pub const ENTER_PORTAL: u32 = 0x100000A0;
/// ACE `MotionCommand.ExitPortal` = `0x100000A1` (Action).
pub const EXIT_PORTAL: u32 = 0x100000A1;
/// ACE `MotionCommand.Cancel` = `0x080000A2` (UI).
pub const CANCEL: u32 = 0x080000A2;
/// ACE `MotionCommand.UseSelected` = `0x090000A3` (UI+Mappable).
pub const USE_SELECTED: u32 = 0x090000A3;
/// ACE `MotionCommand.AutosortSelected` = `0x090000A4` (UI+Mappable).
pub const AUTOSORT_SELECTED: u32 = 0x090000A4;
/// ACE `MotionCommand.DropSelected` = `0x090000A5` (UI+Mappable).
pub const DROP_SELECTED: u32 = 0x090000A5;
/// ACE `MotionCommand.GiveSelected` = `0x090000A6` (UI+Mappable).
pub const GIVE_SELECTED: u32 = 0x090000A6;
/// ACE `MotionCommand.SplitSelected` = `0x090000A7` (UI+Mappable).
pub const SPLIT_SELECTED: u32 = 0x090000A7;
/// ACE `MotionCommand.ExamineSelected` = `0x090000A8` (UI+Mappable).
pub const EXAMINE_SELECTED: u32 = 0x090000A8;
/// ACE `MotionCommand.CreateShortcutToSelected` = `0x080000A9` (UI).
pub const CREATE_SHORTCUT_TO_SELECTED: u32 = 0x080000A9;
/// ACE `MotionCommand.PreviousCompassItem` = `0x090000AA` (UI+Mappable).
pub const PREVIOUS_COMPASS_ITEM: u32 = 0x090000AA;
/// ACE `MotionCommand.NextCompassItem` = `0x090000AB` (UI+Mappable).
pub const NEXT_COMPASS_ITEM: u32 = 0x090000AB;
/// ACE `MotionCommand.ClosestCompassItem` = `0x090000AC` (UI+Mappable).
pub const CLOSEST_COMPASS_ITEM: u32 = 0x090000AC;
/// ACE `MotionCommand.PreviousSelection` = `0x090000AD` (UI+Mappable).
pub const PREVIOUS_SELECTION: u32 = 0x090000AD;
/// ACE `MotionCommand.LastAttacker` = `0x090000AE` (UI+Mappable).
pub const LAST_ATTACKER: u32 = 0x090000AE;
/// ACE `MotionCommand.PreviousFellow` = `0x090000AF` (UI+Mappable).
pub const PREVIOUS_FELLOW: u32 = 0x090000AF;
/// ACE `MotionCommand.NextFellow` = `0x090000B0` (UI+Mappable).
pub const NEXT_FELLOW: u32 = 0x090000B0;
/// ACE `MotionCommand.ToggleCombat` = `0x090000B1` (UI+Mappable).
pub const TOGGLE_COMBAT: u32 = 0x090000B1;
/// ACE `MotionCommand.HighAttack` = `0x0D0000B2` (UI+Toggle+Mappable).
pub const HIGH_ATTACK: u32 = 0x0D0000B2;
/// ACE `MotionCommand.MediumAttack` = `0x0D0000B3` (UI+Toggle+Mappable).
pub const MEDIUM_ATTACK: u32 = 0x0D0000B3;
/// ACE `MotionCommand.LowAttack` = `0x0D0000B4` (UI+Toggle+Mappable).
pub const LOW_ATTACK: u32 = 0x0D0000B4;
/// ACE `MotionCommand.EnterChat` = `0x080000B5` (UI).
pub const ENTER_CHAT: u32 = 0x080000B5;
/// ACE `MotionCommand.ToggleChat` = `0x080000B6` (UI).
pub const TOGGLE_CHAT: u32 = 0x080000B6;
/// ACE `MotionCommand.SavePosition` = `0x080000B7` (UI).
pub const SAVE_POSITION: u32 = 0x080000B7;
/// ACE `MotionCommand.OptionsPanel` = `0x090000B8` (UI+Mappable).
pub const OPTIONS_PANEL: u32 = 0x090000B8;
/// ACE `MotionCommand.ResetView` = `0x090000B9` (UI+Mappable).
pub const RESET_VIEW: u32 = 0x090000B9;
/// ACE `MotionCommand.CameraLeftRotate` = `0x0D0000BA` (UI+Toggle+Mappable).
pub const CAMERA_LEFT_ROTATE: u32 = 0x0D0000BA;
/// ACE `MotionCommand.CameraRightRotate` = `0x0D0000BB` (UI+Toggle+Mappable).
pub const CAMERA_RIGHT_ROTATE: u32 = 0x0D0000BB;
/// ACE `MotionCommand.CameraRaise` = `0x0D0000BC` (UI+Toggle+Mappable).
pub const CAMERA_RAISE: u32 = 0x0D0000BC;
/// ACE `MotionCommand.CameraLower` = `0x0D0000BD` (UI+Toggle+Mappable).
pub const CAMERA_LOWER: u32 = 0x0D0000BD;
/// ACE `MotionCommand.CameraCloser` = `0x0D0000BE` (UI+Toggle+Mappable).
pub const CAMERA_CLOSER: u32 = 0x0D0000BE;
/// ACE `MotionCommand.CameraFarther` = `0x0D0000BF` (UI+Toggle+Mappable).
pub const CAMERA_FARTHER: u32 = 0x0D0000BF;
/// ACE `MotionCommand.FloorView` = `0x090000C0` (UI+Mappable).
pub const FLOOR_VIEW: u32 = 0x090000C0;
/// ACE `MotionCommand.MouseLook` = `0x0C0000C1` (UI+Toggle).
pub const MOUSE_LOOK: u32 = 0x0C0000C1;
/// ACE `MotionCommand.PreviousItem` = `0x090000C2` (UI+Mappable).
pub const PREVIOUS_ITEM: u32 = 0x090000C2;
/// ACE `MotionCommand.NextItem` = `0x090000C3` (UI+Mappable).
pub const NEXT_ITEM: u32 = 0x090000C3;
/// ACE `MotionCommand.ClosestItem` = `0x090000C4` (UI+Mappable).
pub const CLOSEST_ITEM: u32 = 0x090000C4;
/// ACE `MotionCommand.ShiftView` = `0x0D0000C5` (UI+Toggle+Mappable).
pub const SHIFT_VIEW: u32 = 0x0D0000C5;
/// ACE `MotionCommand.MapView` = `0x090000C6` (UI+Mappable).
pub const MAP_VIEW: u32 = 0x090000C6;
/// ACE `MotionCommand.AutoRun` = `0x090000C7` (UI+Mappable).
pub const AUTO_RUN: u32 = 0x090000C7;
/// ACE `MotionCommand.DecreasePowerSetting` = `0x090000C8` (UI+Mappable).
pub const DECREASE_POWER_SETTING: u32 = 0x090000C8;
/// ACE `MotionCommand.IncreasePowerSetting` = `0x090000C9` (UI+Mappable).
pub const INCREASE_POWER_SETTING: u32 = 0x090000C9;
/// ACE `MotionCommand.Pray` = `0x130000CA` (Action+ChatEmote+Mappable).
pub const PRAY: u32 = 0x130000CA;
/// ACE `MotionCommand.Mock` = `0x130000CB` (Action+ChatEmote+Mappable).
pub const MOCK: u32 = 0x130000CB;
/// ACE `MotionCommand.Teapot` = `0x130000CC` (Action+ChatEmote+Mappable).
pub const TEAPOT: u32 = 0x130000CC;
/// ACE `MotionCommand.SpecialAttack1` = `0x100000CD` (Action).
pub const SPECIAL_ATTACK1: u32 = 0x100000CD;
/// ACE `MotionCommand.SpecialAttack2` = `0x100000CE` (Action).
pub const SPECIAL_ATTACK2: u32 = 0x100000CE;
/// ACE `MotionCommand.SpecialAttack3` = `0x100000CF` (Action).
pub const SPECIAL_ATTACK3: u32 = 0x100000CF;
/// ACE `MotionCommand.MissileAttack1` = `0x100000D0` (Action).
pub const MISSILE_ATTACK1: u32 = 0x100000D0;
/// ACE `MotionCommand.MissileAttack2` = `0x100000D1` (Action).
pub const MISSILE_ATTACK2: u32 = 0x100000D1;
/// ACE `MotionCommand.MissileAttack3` = `0x100000D2` (Action).
pub const MISSILE_ATTACK3: u32 = 0x100000D2;
/// ACE `MotionCommand.CastSpell` = `0x400000D3` (SubState).
pub const CAST_SPELL: u32 = 0x400000D3;
/// ACE `MotionCommand.Flatulence` = `0x120000D4` (Action+ChatEmote).
pub const FLATULENCE: u32 = 0x120000D4;
/// ACE `MotionCommand.FirstPersonView` = `0x090000D5` (UI+Mappable).
pub const FIRST_PERSON_VIEW: u32 = 0x090000D5;
/// ACE `MotionCommand.AllegiancePanel` = `0x090000D6` (UI+Mappable).
pub const ALLEGIANCE_PANEL: u32 = 0x090000D6;
/// ACE `MotionCommand.FellowshipPanel` = `0x090000D7` (UI+Mappable).
pub const FELLOWSHIP_PANEL: u32 = 0x090000D7;
/// ACE `MotionCommand.SpellbookPanel` = `0x090000D8` (UI+Mappable).
pub const SPELLBOOK_PANEL: u32 = 0x090000D8;
/// ACE `MotionCommand.SpellComponentsPanel` = `0x090000D9` (UI+Mappable).
pub const SPELL_COMPONENTS_PANEL: u32 = 0x090000D9;
/// ACE `MotionCommand.HousePanel` = `0x090000DA` (UI+Mappable).
pub const HOUSE_PANEL: u32 = 0x090000DA;
/// ACE `MotionCommand.AttributesPanel` = `0x090000DB` (UI+Mappable).
pub const ATTRIBUTES_PANEL: u32 = 0x090000DB;
/// ACE `MotionCommand.SkillsPanel` = `0x090000DC` (UI+Mappable).
pub const SKILLS_PANEL: u32 = 0x090000DC;
/// ACE `MotionCommand.MapPanel` = `0x090000DD` (UI+Mappable).
pub const MAP_PANEL: u32 = 0x090000DD;
/// ACE `MotionCommand.InventoryPanel` = `0x090000DE` (UI+Mappable).
pub const INVENTORY_PANEL: u32 = 0x090000DE;
/// ACE `MotionCommand.Demonet` = `0x120000DF` (Action+ChatEmote).
pub const DEMONET: u32 = 0x120000DF;
/// ACE `MotionCommand.UseMagicStaff` = `0x400000E0` (SubState).
pub const USE_MAGIC_STAFF: u32 = 0x400000E0;
/// ACE `MotionCommand.UseMagicWand` = `0x400000E1` (SubState).
pub const USE_MAGIC_WAND: u32 = 0x400000E1;
/// ACE `MotionCommand.Blink` = `0x100000E2` (Action).
pub const BLINK: u32 = 0x100000E2;
/// ACE `MotionCommand.Bite` = `0x100000E3` (Action).
pub const BITE: u32 = 0x100000E3;
/// ACE `MotionCommand.TwitchSubstate1` = `0x400000E4` (SubState).
pub const TWITCH_SUBSTATE1: u32 = 0x400000E4;
/// ACE `MotionCommand.TwitchSubstate2` = `0x400000E5` (SubState).
pub const TWITCH_SUBSTATE2: u32 = 0x400000E5;
/// ACE `MotionCommand.TwitchSubstate3` = `0x400000E6` (SubState).
pub const TWITCH_SUBSTATE3: u32 = 0x400000E6;
/// ACE `MotionCommand.CaptureScreenshotToFile` = `0x090000E7` (UI+Mappable).
pub const CAPTURE_SCREENSHOT_TO_FILE: u32 = 0x090000E7;
/// ACE `MotionCommand.BowNoAmmo` = `0x800000E8` (Style).
pub const BOW_NO_AMMO: u32 = 0x800000E8;
/// ACE `MotionCommand.CrossBowNoAmmo` = `0x800000E9` (Style).
pub const CROSS_BOW_NO_AMMO: u32 = 0x800000E9;
/// ACE `MotionCommand.ShakeFistState` = `0x430000EA` (SubState+ChatEmote+Mappable).
pub const SHAKE_FIST_STATE: u32 = 0x430000EA;
/// ACE `MotionCommand.PrayState` = `0x430000EB` (SubState+ChatEmote+Mappable).
pub const PRAY_STATE: u32 = 0x430000EB;
/// ACE `MotionCommand.BowDeepState` = `0x430000EC` (SubState+ChatEmote+Mappable).
pub const BOW_DEEP_STATE: u32 = 0x430000EC;
/// ACE `MotionCommand.ClapHandsState` = `0x430000ED` (SubState+ChatEmote+Mappable).
pub const CLAP_HANDS_STATE: u32 = 0x430000ED;
/// ACE `MotionCommand.CrossArmsState` = `0x430000EE` (SubState+ChatEmote+Mappable).
pub const CROSS_ARMS_STATE: u32 = 0x430000EE;
/// ACE `MotionCommand.ShiverState` = `0x430000EF` (SubState+ChatEmote+Mappable).
pub const SHIVER_STATE: u32 = 0x430000EF;
/// ACE `MotionCommand.PointState` = `0x430000F0` (SubState+ChatEmote+Mappable).
pub const POINT_STATE: u32 = 0x430000F0;
/// ACE `MotionCommand.WaveState` = `0x430000F1` (SubState+ChatEmote+Mappable).
pub const WAVE_STATE: u32 = 0x430000F1;
/// ACE `MotionCommand.AkimboState` = `0x430000F2` (SubState+ChatEmote+Mappable).
pub const AKIMBO_STATE: u32 = 0x430000F2;
/// ACE `MotionCommand.SaluteState` = `0x430000F3` (SubState+ChatEmote+Mappable).
pub const SALUTE_STATE: u32 = 0x430000F3;
/// ACE `MotionCommand.ScratchHeadState` = `0x430000F4` (SubState+ChatEmote+Mappable).
pub const SCRATCH_HEAD_STATE: u32 = 0x430000F4;
/// ACE `MotionCommand.TapFootState` = `0x430000F5` (SubState+ChatEmote+Mappable).
pub const TAP_FOOT_STATE: u32 = 0x430000F5;
/// ACE `MotionCommand.LeanState` = `0x430000F6` (SubState+ChatEmote+Mappable).
pub const LEAN_STATE: u32 = 0x430000F6;
/// ACE `MotionCommand.KneelState` = `0x430000F7` (SubState+ChatEmote+Mappable).
pub const KNEEL_STATE: u32 = 0x430000F7;
/// ACE `MotionCommand.PleadState` = `0x430000F8` (SubState+ChatEmote+Mappable).
pub const PLEAD_STATE: u32 = 0x430000F8;
/// ACE `MotionCommand.ATOYOT` = `0x420000F9` (SubState+ChatEmote).
pub const ATOYOT: u32 = 0x420000F9;
/// ACE `MotionCommand.SlouchState` = `0x430000FA` (SubState+ChatEmote+Mappable).
pub const SLOUCH_STATE: u32 = 0x430000FA;
/// ACE `MotionCommand.SurrenderState` = `0x430000FB` (SubState+ChatEmote+Mappable).
pub const SURRENDER_STATE: u32 = 0x430000FB;
/// ACE `MotionCommand.WoahState` = `0x430000FC` (SubState+ChatEmote+Mappable).
pub const WOAH_STATE: u32 = 0x430000FC;
/// ACE `MotionCommand.WindedState` = `0x430000FD` (SubState+ChatEmote+Mappable).
pub const WINDED_STATE: u32 = 0x430000FD;
/// ACE `MotionCommand.AutoCreateShortcuts` = `0x090000FE` (UI+Mappable).
pub const AUTO_CREATE_SHORTCUTS: u32 = 0x090000FE;
/// ACE `MotionCommand.AutoRepeatAttacks` = `0x090000FF` (UI+Mappable).
pub const AUTO_REPEAT_ATTACKS: u32 = 0x090000FF;
/// ACE `MotionCommand.AutoTarget` = `0x09000100` (UI+Mappable).
pub const AUTO_TARGET: u32 = 0x09000100;
/// ACE `MotionCommand.AdvancedCombatInterface` = `0x09000101` (UI+Mappable).
pub const ADVANCED_COMBAT_INTERFACE: u32 = 0x09000101;
/// ACE `MotionCommand.IgnoreAllegianceRequests` = `0x09000102` (UI+Mappable).
pub const IGNORE_ALLEGIANCE_REQUESTS: u32 = 0x09000102;
/// ACE `MotionCommand.IgnoreFellowshipRequests` = `0x09000103` (UI+Mappable).
pub const IGNORE_FELLOWSHIP_REQUESTS: u32 = 0x09000103;
/// ACE `MotionCommand.InvertMouseLook` = `0x09000104` (UI+Mappable).
pub const INVERT_MOUSE_LOOK: u32 = 0x09000104;
/// ACE `MotionCommand.LetPlayersGiveYouItems` = `0x09000105` (UI+Mappable).
pub const LET_PLAYERS_GIVE_YOU_ITEMS: u32 = 0x09000105;
/// ACE `MotionCommand.AutoTrackCombatTargets` = `0x09000106` (UI+Mappable).
pub const AUTO_TRACK_COMBAT_TARGETS: u32 = 0x09000106;
/// ACE `MotionCommand.DisplayTooltips` = `0x09000107` (UI+Mappable).
pub const DISPLAY_TOOLTIPS: u32 = 0x09000107;
/// ACE `MotionCommand.AttemptToDeceivePlayers` = `0x09000108` (UI+Mappable).
pub const ATTEMPT_TO_DECEIVE_PLAYERS: u32 = 0x09000108;
/// ACE `MotionCommand.RunAsDefaultMovement` = `0x09000109` (UI+Mappable).
pub const RUN_AS_DEFAULT_MOVEMENT: u32 = 0x09000109;
/// ACE `MotionCommand.StayInChatModeAfterSend` = `0x0900010A` (UI+Mappable).
pub const STAY_IN_CHAT_MODE_AFTER_SEND: u32 = 0x0900010A;
/// ACE `MotionCommand.RightClickToMouseLook` = `0x0900010B` (UI+Mappable).
pub const RIGHT_CLICK_TO_MOUSE_LOOK: u32 = 0x0900010B;
/// ACE `MotionCommand.VividTargetIndicator` = `0x0900010C` (UI+Mappable).
pub const VIVID_TARGET_INDICATOR: u32 = 0x0900010C;
/// ACE `MotionCommand.SelectSelf` = `0x0900010D` (UI+Mappable).
pub const SELECT_SELF: u32 = 0x0900010D;
/// ACE `MotionCommand.SkillHealSelf` = `0x1000010E` (Action).
pub const SKILL_HEAL_SELF: u32 = 0x1000010E;
/// ACE `MotionCommand.SkillHealOther` = `0x1000010F` (Action).
pub const SKILL_HEAL_OTHER: u32 = 0x1000010F;
/// ACE `MotionCommand.PreviousMonster` = `0x09000110` (UI+Mappable).
pub const PREVIOUS_MONSTER: u32 = 0x09000110;
/// ACE `MotionCommand.ClosestMonster` = `0x09000111` (UI+Mappable).
pub const CLOSEST_MONSTER: u32 = 0x09000111;
/// ACE `MotionCommand.NextPlayer` = `0x09000112` (UI+Mappable).
pub const NEXT_PLAYER: u32 = 0x09000112;
/// ACE `MotionCommand.PreviousPlayer` = `0x09000113` (UI+Mappable).
pub const PREVIOUS_PLAYER: u32 = 0x09000113;
/// ACE `MotionCommand.ClosestPlayer` = `0x09000114` (UI+Mappable).
pub const CLOSEST_PLAYER: u32 = 0x09000114;
/// ACE `MotionCommand.SnowAngelState` = `0x43000118` (SubState+ChatEmote+Mappable).
pub const SNOW_ANGEL_STATE: u32 = 0x43000118;
/// ACE `MotionCommand.WarmHands` = `0x13000119` (Action+ChatEmote+Mappable).
pub const WARM_HANDS: u32 = 0x13000119;
/// ACE `MotionCommand.CurtseyState` = `0x4300011A` (SubState+ChatEmote+Mappable).
pub const CURTSEY_STATE: u32 = 0x4300011A;
/// ACE `MotionCommand.AFKState` = `0x4300011B` (SubState+ChatEmote+Mappable).
pub const AFK_STATE: u32 = 0x4300011B;
/// ACE `MotionCommand.MeditateState` = `0x4300011C` (SubState+ChatEmote+Mappable).
pub const MEDITATE_STATE: u32 = 0x4300011C;
/// ACE `MotionCommand.TradePanel` = `0x0900011D` (UI+Mappable).
pub const TRADE_PANEL: u32 = 0x0900011D;
/// ACE `MotionCommand.LogOut` = `0x1000011E` (Action).
pub const LOG_OUT: u32 = 0x1000011E;
/// ACE `MotionCommand.DoubleSlashLow` = `0x1000011F` (Action).
pub const DOUBLE_SLASH_LOW: u32 = 0x1000011F;
/// ACE `MotionCommand.DoubleSlashMed` = `0x10000120` (Action).
pub const DOUBLE_SLASH_MED: u32 = 0x10000120;
/// ACE `MotionCommand.DoubleSlashHigh` = `0x10000121` (Action).
pub const DOUBLE_SLASH_HIGH: u32 = 0x10000121;
/// ACE `MotionCommand.TripleSlashLow` = `0x10000122` (Action).
pub const TRIPLE_SLASH_LOW: u32 = 0x10000122;
/// ACE `MotionCommand.TripleSlashMed` = `0x10000123` (Action).
pub const TRIPLE_SLASH_MED: u32 = 0x10000123;
/// ACE `MotionCommand.TripleSlashHigh` = `0x10000124` (Action).
pub const TRIPLE_SLASH_HIGH: u32 = 0x10000124;
/// ACE `MotionCommand.DoubleThrustLow` = `0x10000125` (Action).
pub const DOUBLE_THRUST_LOW: u32 = 0x10000125;
/// ACE `MotionCommand.DoubleThrustMed` = `0x10000126` (Action).
pub const DOUBLE_THRUST_MED: u32 = 0x10000126;
/// ACE `MotionCommand.DoubleThrustHigh` = `0x10000127` (Action).
pub const DOUBLE_THRUST_HIGH: u32 = 0x10000127;
/// ACE `MotionCommand.TripleThrustLow` = `0x10000128` (Action).
pub const TRIPLE_THRUST_LOW: u32 = 0x10000128;
/// ACE `MotionCommand.TripleThrustMed` = `0x10000129` (Action).
pub const TRIPLE_THRUST_MED: u32 = 0x10000129;
/// ACE `MotionCommand.TripleThrustHigh` = `0x1000012A` (Action).
pub const TRIPLE_THRUST_HIGH: u32 = 0x1000012A;
/// ACE `MotionCommand.MagicPowerUp01Purple` = `0x1000012B` (Action).
pub const MAGIC_POWER_UP01_PURPLE: u32 = 0x1000012B;
/// ACE `MotionCommand.MagicPowerUp02Purple` = `0x1000012C` (Action).
pub const MAGIC_POWER_UP02_PURPLE: u32 = 0x1000012C;
/// ACE `MotionCommand.MagicPowerUp03Purple` = `0x1000012D` (Action).
pub const MAGIC_POWER_UP03_PURPLE: u32 = 0x1000012D;
/// ACE `MotionCommand.MagicPowerUp04Purple` = `0x1000012E` (Action).
pub const MAGIC_POWER_UP04_PURPLE: u32 = 0x1000012E;
/// ACE `MotionCommand.MagicPowerUp05Purple` = `0x1000012F` (Action).
pub const MAGIC_POWER_UP05_PURPLE: u32 = 0x1000012F;
/// ACE `MotionCommand.MagicPowerUp06Purple` = `0x10000130` (Action).
pub const MAGIC_POWER_UP06_PURPLE: u32 = 0x10000130;
/// ACE `MotionCommand.MagicPowerUp07Purple` = `0x10000131` (Action).
pub const MAGIC_POWER_UP07_PURPLE: u32 = 0x10000131;
/// ACE `MotionCommand.MagicPowerUp08Purple` = `0x10000132` (Action).
pub const MAGIC_POWER_UP08_PURPLE: u32 = 0x10000132;
/// ACE `MotionCommand.MagicPowerUp09Purple` = `0x10000133` (Action).
pub const MAGIC_POWER_UP09_PURPLE: u32 = 0x10000133;
/// ACE `MotionCommand.MagicPowerUp10Purple` = `0x10000134` (Action).
pub const MAGIC_POWER_UP10_PURPLE: u32 = 0x10000134;
/// ACE `MotionCommand.Helper` = `0x13000135` (Action+ChatEmote+Mappable).
pub const HELPER: u32 = 0x13000135;
/// ACE `MotionCommand.Pickup5` = `0x40000136` (SubState).
pub const PICKUP5: u32 = 0x40000136;
/// ACE `MotionCommand.Pickup10` = `0x40000137` (SubState).
pub const PICKUP10: u32 = 0x40000137;
/// ACE `MotionCommand.Pickup15` = `0x40000138` (SubState).
pub const PICKUP15: u32 = 0x40000138;
/// ACE `MotionCommand.Pickup20` = `0x40000139` (SubState).
pub const PICKUP20: u32 = 0x40000139;
/// ACE `MotionCommand.HouseRecall` = `0x1000013A` (Action).
pub const HOUSE_RECALL: u32 = 0x1000013A;
/// ACE `MotionCommand.AtlatlCombat` = `0x8000013B` (Style).
pub const ATLATL_COMBAT: u32 = 0x8000013B;
/// ACE `MotionCommand.ThrownShieldCombat` = `0x8000013C` (Style).
pub const THROWN_SHIELD_COMBAT: u32 = 0x8000013C;
/// ACE `MotionCommand.SitState` = `0x4300013D` (SubState+ChatEmote+Mappable).
pub const SIT_STATE: u32 = 0x4300013D;
/// ACE `MotionCommand.SitCrossleggedState` = `0x4300013E` (SubState+ChatEmote+Mappable).
pub const SIT_CROSSLEGGED_STATE: u32 = 0x4300013E;
/// ACE `MotionCommand.SitBackState` = `0x4300013F` (SubState+ChatEmote+Mappable).
pub const SIT_BACK_STATE: u32 = 0x4300013F;
/// ACE `MotionCommand.PointLeftState` = `0x43000140` (SubState+ChatEmote+Mappable).
pub const POINT_LEFT_STATE: u32 = 0x43000140;
/// ACE `MotionCommand.PointRightState` = `0x43000141` (SubState+ChatEmote+Mappable).
pub const POINT_RIGHT_STATE: u32 = 0x43000141;
/// ACE `MotionCommand.TalktotheHandState` = `0x43000142` (SubState+ChatEmote+Mappable).
pub const TALKTOTHE_HAND_STATE: u32 = 0x43000142;
/// ACE `MotionCommand.PointDownState` = `0x43000143` (SubState+ChatEmote+Mappable).
pub const POINT_DOWN_STATE: u32 = 0x43000143;
/// ACE `MotionCommand.DrudgeDanceState` = `0x43000144` (SubState+ChatEmote+Mappable).
pub const DRUDGE_DANCE_STATE: u32 = 0x43000144;
/// ACE `MotionCommand.PossumState` = `0x43000145` (SubState+ChatEmote+Mappable).
pub const POSSUM_STATE: u32 = 0x43000145;
/// ACE `MotionCommand.ReadState` = `0x43000146` (SubState+ChatEmote+Mappable).
pub const READ_STATE: u32 = 0x43000146;
/// ACE `MotionCommand.ThinkerState` = `0x43000147` (SubState+ChatEmote+Mappable).
pub const THINKER_STATE: u32 = 0x43000147;
/// ACE `MotionCommand.HaveASeatState` = `0x43000148` (SubState+ChatEmote+Mappable).
pub const HAVE_A_SEAT_STATE: u32 = 0x43000148;
/// ACE `MotionCommand.AtEaseState` = `0x43000149` (SubState+ChatEmote+Mappable).
pub const AT_EASE_STATE: u32 = 0x43000149;
/// ACE `MotionCommand.NudgeLeft` = `0x1300014A` (Action+ChatEmote+Mappable).
pub const NUDGE_LEFT: u32 = 0x1300014A;
/// ACE `MotionCommand.NudgeRight` = `0x1300014B` (Action+ChatEmote+Mappable).
pub const NUDGE_RIGHT: u32 = 0x1300014B;
/// ACE `MotionCommand.PointLeft` = `0x1300014C` (Action+ChatEmote+Mappable).
pub const POINT_LEFT: u32 = 0x1300014C;
/// ACE `MotionCommand.PointRight` = `0x1300014D` (Action+ChatEmote+Mappable).
pub const POINT_RIGHT: u32 = 0x1300014D;
/// ACE `MotionCommand.PointDown` = `0x1300014E` (Action+ChatEmote+Mappable).
pub const POINT_DOWN: u32 = 0x1300014E;
/// ACE `MotionCommand.Knock` = `0x1300014F` (Action+ChatEmote+Mappable).
pub const KNOCK: u32 = 0x1300014F;
/// ACE `MotionCommand.ScanHorizon` = `0x13000150` (Action+ChatEmote+Mappable).
pub const SCAN_HORIZON: u32 = 0x13000150;
/// ACE `MotionCommand.DrudgeDance` = `0x13000151` (Action+ChatEmote+Mappable).
pub const DRUDGE_DANCE: u32 = 0x13000151;
/// ACE `MotionCommand.HaveASeat` = `0x13000152` (Action+ChatEmote+Mappable).
pub const HAVE_A_SEAT: u32 = 0x13000152;
/// ACE `MotionCommand.LifestoneRecall` = `0x10000153` (Action).
pub const LIFESTONE_RECALL: u32 = 0x10000153;
/// ACE `MotionCommand.CharacterOptionsPanel` = `0x09000154` (UI+Mappable).
pub const CHARACTER_OPTIONS_PANEL: u32 = 0x09000154;
/// ACE `MotionCommand.SoundAndGraphicsPanel` = `0x09000155` (UI+Mappable).
pub const SOUND_AND_GRAPHICS_PANEL: u32 = 0x09000155;
/// ACE `MotionCommand.HelpfulSpellsPanel` = `0x09000156` (UI+Mappable).
pub const HELPFUL_SPELLS_PANEL: u32 = 0x09000156;
/// ACE `MotionCommand.HarmfulSpellsPanel` = `0x09000157` (UI+Mappable).
pub const HARMFUL_SPELLS_PANEL: u32 = 0x09000157;
/// ACE `MotionCommand.CharacterInformationPanel` = `0x09000158` (UI+Mappable).
pub const CHARACTER_INFORMATION_PANEL: u32 = 0x09000158;
/// ACE `MotionCommand.LinkStatusPanel` = `0x09000159` (UI+Mappable).
pub const LINK_STATUS_PANEL: u32 = 0x09000159;
/// ACE `MotionCommand.VitaePanel` = `0x0900015A` (UI+Mappable).
pub const VITAE_PANEL: u32 = 0x0900015A;
/// ACE `MotionCommand.ShareFellowshipXP` = `0x0900015B` (UI+Mappable).
pub const SHARE_FELLOWSHIP_XP: u32 = 0x0900015B;
/// ACE `MotionCommand.ShareFellowshipLoot` = `0x0900015C` (UI+Mappable).
pub const SHARE_FELLOWSHIP_LOOT: u32 = 0x0900015C;
/// ACE `MotionCommand.AcceptCorpseLooting` = `0x0900015D` (UI+Mappable).
pub const ACCEPT_CORPSE_LOOTING: u32 = 0x0900015D;
/// ACE `MotionCommand.IgnoreTradeRequests` = `0x0900015E` (UI+Mappable).
pub const IGNORE_TRADE_REQUESTS: u32 = 0x0900015E;
/// ACE `MotionCommand.DisableWeather` = `0x0900015F` (UI+Mappable).
pub const DISABLE_WEATHER: u32 = 0x0900015F;
/// ACE `MotionCommand.DisableHouseEffect` = `0x09000160` (UI+Mappable).
pub const DISABLE_HOUSE_EFFECT: u32 = 0x09000160;
/// ACE `MotionCommand.SideBySideVitals` = `0x09000161` (UI+Mappable).
pub const SIDE_BY_SIDE_VITALS: u32 = 0x09000161;
/// ACE `MotionCommand.ShowRadarCoordinates` = `0x09000162` (UI+Mappable).
pub const SHOW_RADAR_COORDINATES: u32 = 0x09000162;
/// ACE `MotionCommand.ShowSpellDurations` = `0x09000163` (UI+Mappable).
pub const SHOW_SPELL_DURATIONS: u32 = 0x09000163;
/// ACE `MotionCommand.MuteOnLosingFocus` = `0x09000164` (UI+Mappable).
pub const MUTE_ON_LOSING_FOCUS: u32 = 0x09000164;
/// ACE `MotionCommand.Fishing` = `0x10000165` (Action).
pub const FISHING: u32 = 0x10000165;
/// ACE `MotionCommand.MarketplaceRecall` = `0x10000166` (Action).
pub const MARKETPLACE_RECALL: u32 = 0x10000166;
/// ACE `MotionCommand.EnterPKLite` = `0x10000167` (Action).
pub const ENTER_PK_LITE: u32 = 0x10000167;
/// ACE `MotionCommand.AllegianceChat` = `0x09000168` (UI+Mappable).
pub const ALLEGIANCE_CHAT: u32 = 0x09000168;
/// ACE `MotionCommand.AutomaticallyAcceptFellowshipRequests` = `0x09000169` (UI+Mappable).
pub const AUTOMATICALLY_ACCEPT_FELLOWSHIP_REQUESTS: u32 = 0x09000169;
/// ACE `MotionCommand.Reply` = `0x0900016A` (UI+Mappable).
pub const REPLY: u32 = 0x0900016A;
/// ACE `MotionCommand.MonarchReply` = `0x0900016B` (UI+Mappable).
pub const MONARCH_REPLY: u32 = 0x0900016B;
/// ACE `MotionCommand.PatronReply` = `0x0900016C` (UI+Mappable).
pub const PATRON_REPLY: u32 = 0x0900016C;
/// ACE `MotionCommand.ToggleCraftingChanceOfSuccessDialog` = `0x0900016D` (UI+Mappable).
pub const TOGGLE_CRAFTING_CHANCE_OF_SUCCESS_DIALOG: u32 = 0x0900016D;
/// ACE `MotionCommand.UseClosestUnopenedCorpse` = `0x0900016E` (UI+Mappable).
pub const USE_CLOSEST_UNOPENED_CORPSE: u32 = 0x0900016E;
/// ACE `MotionCommand.UseNextUnopenedCorpse` = `0x0900016F` (UI+Mappable).
pub const USE_NEXT_UNOPENED_CORPSE: u32 = 0x0900016F;
/// ACE `MotionCommand.IssueSlashCommand` = `0x09000170` (UI+Mappable).
pub const ISSUE_SLASH_COMMAND: u32 = 0x09000170;
/// ACE `MotionCommand.AllegianceHometownRecall` = `0x10000171` (Action).
pub const ALLEGIANCE_HOMETOWN_RECALL: u32 = 0x10000171;
/// ACE `MotionCommand.PKArenaRecall` = `0x10000172` (Action).
pub const PK_ARENA_RECALL: u32 = 0x10000172;
/// ACE `MotionCommand.OffhandSlashHigh` = `0x10000173` (Action).
pub const OFFHAND_SLASH_HIGH: u32 = 0x10000173;
/// ACE `MotionCommand.OffhandSlashMed` = `0x10000174` (Action).
pub const OFFHAND_SLASH_MED: u32 = 0x10000174;
/// ACE `MotionCommand.OffhandSlashLow` = `0x10000175` (Action).
pub const OFFHAND_SLASH_LOW: u32 = 0x10000175;
/// ACE `MotionCommand.OffhandThrustHigh` = `0x10000176` (Action).
pub const OFFHAND_THRUST_HIGH: u32 = 0x10000176;
/// ACE `MotionCommand.OffhandThrustMed` = `0x10000177` (Action).
pub const OFFHAND_THRUST_MED: u32 = 0x10000177;
/// ACE `MotionCommand.OffhandThrustLow` = `0x10000178` (Action).
pub const OFFHAND_THRUST_LOW: u32 = 0x10000178;
/// ACE `MotionCommand.OffhandDoubleSlashLow` = `0x10000179` (Action).
pub const OFFHAND_DOUBLE_SLASH_LOW: u32 = 0x10000179;
/// ACE `MotionCommand.OffhandDoubleSlashMed` = `0x1000017A` (Action).
pub const OFFHAND_DOUBLE_SLASH_MED: u32 = 0x1000017A;
/// ACE `MotionCommand.OffhandDoubleSlashHigh` = `0x1000017B` (Action).
pub const OFFHAND_DOUBLE_SLASH_HIGH: u32 = 0x1000017B;
/// ACE `MotionCommand.OffhandTripleSlashLow` = `0x1000017C` (Action).
pub const OFFHAND_TRIPLE_SLASH_LOW: u32 = 0x1000017C;
/// ACE `MotionCommand.OffhandTripleSlashMed` = `0x1000017D` (Action).
pub const OFFHAND_TRIPLE_SLASH_MED: u32 = 0x1000017D;
/// ACE `MotionCommand.OffhandTripleSlashHigh` = `0x1000017E` (Action).
pub const OFFHAND_TRIPLE_SLASH_HIGH: u32 = 0x1000017E;
/// ACE `MotionCommand.OffhandDoubleThrustLow` = `0x1000017F` (Action).
pub const OFFHAND_DOUBLE_THRUST_LOW: u32 = 0x1000017F;
/// ACE `MotionCommand.OffhandDoubleThrustMed` = `0x10000180` (Action).
pub const OFFHAND_DOUBLE_THRUST_MED: u32 = 0x10000180;
/// ACE `MotionCommand.OffhandDoubleThrustHigh` = `0x10000181` (Action).
pub const OFFHAND_DOUBLE_THRUST_HIGH: u32 = 0x10000181;
/// ACE `MotionCommand.OffhandTripleThrustLow` = `0x10000182` (Action).
pub const OFFHAND_TRIPLE_THRUST_LOW: u32 = 0x10000182;
/// ACE `MotionCommand.OffhandTripleThrustMed` = `0x10000183` (Action).
pub const OFFHAND_TRIPLE_THRUST_MED: u32 = 0x10000183;
/// ACE `MotionCommand.OffhandTripleThrustHigh` = `0x10000184` (Action).
pub const OFFHAND_TRIPLE_THRUST_HIGH: u32 = 0x10000184;
/// ACE `MotionCommand.OffhandKick` = `0x10000185` (Action).
pub const OFFHAND_KICK: u32 = 0x10000185;
/// ACE `MotionCommand.AttackHigh4` = `0x10000186` (Action).
pub const ATTACK_HIGH4: u32 = 0x10000186;
/// ACE `MotionCommand.AttackMed4` = `0x10000187` (Action).
pub const ATTACK_MED4: u32 = 0x10000187;
/// ACE `MotionCommand.AttackLow4` = `0x10000188` (Action).
pub const ATTACK_LOW4: u32 = 0x10000188;
/// ACE `MotionCommand.AttackHigh5` = `0x10000189` (Action).
pub const ATTACK_HIGH5: u32 = 0x10000189;
/// ACE `MotionCommand.AttackMed5` = `0x1000018A` (Action).
pub const ATTACK_MED5: u32 = 0x1000018A;
/// ACE `MotionCommand.AttackLow5` = `0x1000018B` (Action).
pub const ATTACK_LOW5: u32 = 0x1000018B;
/// ACE `MotionCommand.AttackHigh6` = `0x1000018C` (Action).
pub const ATTACK_HIGH6: u32 = 0x1000018C;
/// ACE `MotionCommand.AttackMed6` = `0x1000018D` (Action).
pub const ATTACK_MED6: u32 = 0x1000018D;
/// ACE `MotionCommand.AttackLow6` = `0x1000018E` (Action).
pub const ATTACK_LOW6: u32 = 0x1000018E;
/// ACE `MotionCommand.PunchFastHigh` = `0x1000018F` (Action).
pub const PUNCH_FAST_HIGH: u32 = 0x1000018F;
/// ACE `MotionCommand.PunchFastMed` = `0x10000190` (Action).
pub const PUNCH_FAST_MED: u32 = 0x10000190;
/// ACE `MotionCommand.PunchFastLow` = `0x10000191` (Action).
pub const PUNCH_FAST_LOW: u32 = 0x10000191;
/// ACE `MotionCommand.PunchSlowHigh` = `0x10000192` (Action).
pub const PUNCH_SLOW_HIGH: u32 = 0x10000192;
/// ACE `MotionCommand.PunchSlowMed` = `0x10000193` (Action).
pub const PUNCH_SLOW_MED: u32 = 0x10000193;
/// ACE `MotionCommand.PunchSlowLow` = `0x10000194` (Action).
pub const PUNCH_SLOW_LOW: u32 = 0x10000194;
/// ACE `MotionCommand.OffhandPunchFastHigh` = `0x10000195` (Action).
pub const OFFHAND_PUNCH_FAST_HIGH: u32 = 0x10000195;
/// ACE `MotionCommand.OffhandPunchFastMed` = `0x10000196` (Action).
pub const OFFHAND_PUNCH_FAST_MED: u32 = 0x10000196;
/// ACE `MotionCommand.OffhandPunchFastLow` = `0x10000197` (Action).
pub const OFFHAND_PUNCH_FAST_LOW: u32 = 0x10000197;
/// ACE `MotionCommand.OffhandPunchSlowHigh` = `0x10000198` (Action).
pub const OFFHAND_PUNCH_SLOW_HIGH: u32 = 0x10000198;
/// ACE `MotionCommand.OffhandPunchSlowMed` = `0x10000199` (Action).
pub const OFFHAND_PUNCH_SLOW_MED: u32 = 0x10000199;
/// ACE `MotionCommand.OffhandPunchSlowLow` = `0x1000019A` (Action).
pub const OFFHAND_PUNCH_SLOW_LOW: u32 = 0x1000019A;
/// ACE `MotionCommand.WoahDuplicate2` = `0x1000019B` (Action).
pub const WOAH_DUPLICATE2: u32 = 0x1000019B;

/// Every `MotionCommand` member as `(name, id)`, sorted by name (byte order) for binary search.
pub(crate) static BY_NAME: [(&str, u32); 409] = [
    ("AFKState", 0x4300011B),
    ("ATOYOT", 0x420000F9),
    ("AcceptCorpseLooting", 0x0900015D),
    ("AdvancedCombatInterface", 0x09000101),
    ("AimHigh15", 0x4000001F),
    ("AimHigh30", 0x40000020),
    ("AimHigh45", 0x40000021),
    ("AimHigh60", 0x40000022),
    ("AimHigh75", 0x40000023),
    ("AimHigh90", 0x40000024),
    ("AimLevel", 0x4000001E),
    ("AimLow15", 0x40000025),
    ("AimLow30", 0x40000026),
    ("AimLow45", 0x40000027),
    ("AimLow60", 0x40000028),
    ("AimLow75", 0x40000029),
    ("AimLow90", 0x4000002A),
    ("Akimbo", 0x13000088),
    ("AkimboState", 0x430000F2),
    ("AllegianceChat", 0x09000168),
    ("AllegianceHometownRecall", 0x10000171),
    ("AllegiancePanel", 0x090000D6),
    ("AtEaseState", 0x43000149),
    ("AtlatlCombat", 0x8000013B),
    ("AttackHigh1", 0x10000062),
    ("AttackHigh2", 0x10000065),
    ("AttackHigh3", 0x10000068),
    ("AttackHigh4", 0x10000186),
    ("AttackHigh5", 0x10000189),
    ("AttackHigh6", 0x1000018C),
    ("AttackLow1", 0x10000064),
    ("AttackLow2", 0x10000067),
    ("AttackLow3", 0x1000006A),
    ("AttackLow4", 0x10000188),
    ("AttackLow5", 0x1000018B),
    ("AttackLow6", 0x1000018E),
    ("AttackMed1", 0x10000063),
    ("AttackMed2", 0x10000066),
    ("AttackMed3", 0x10000069),
    ("AttackMed4", 0x10000187),
    ("AttackMed5", 0x1000018A),
    ("AttackMed6", 0x1000018D),
    ("AttemptToDeceivePlayers", 0x09000108),
    ("AttributesPanel", 0x090000DB),
    ("AutoCreateShortcuts", 0x090000FE),
    ("AutoRepeatAttacks", 0x090000FF),
    ("AutoRun", 0x090000C7),
    ("AutoTarget", 0x09000100),
    ("AutoTrackCombatTargets", 0x09000106),
    ("AutomaticallyAcceptFellowshipRequests", 0x09000169),
    ("AutosortSelected", 0x090000A4),
    ("BackhandHigh", 0x1000005E),
    ("BackhandLow", 0x10000060),
    ("BackhandMed", 0x1000005F),
    ("BeSeeingYou", 0x1300007B),
    ("Beckon", 0x1300007A),
    ("Bite", 0x100000E3),
    ("Blink", 0x100000E2),
    ("BlowKiss", 0x1300007C),
    ("BowCombat", 0x8000003F),
    ("BowDeep", 0x1300007D),
    ("BowDeepState", 0x430000EC),
    ("BowNoAmmo", 0x800000E8),
    ("BreatheFlame", 0x1000006D),
    ("CameraCloser", 0x0D0000BE),
    ("CameraFarther", 0x0D0000BF),
    ("CameraLeftRotate", 0x0D0000BA),
    ("CameraLower", 0x0D0000BD),
    ("CameraRaise", 0x0D0000BC),
    ("CameraRightRotate", 0x0D0000BB),
    ("Cancel", 0x080000A2),
    ("CaptureScreenshotToFile", 0x090000E7),
    ("CastSpell", 0x400000D3),
    ("CharacterInformationPanel", 0x09000158),
    ("CharacterOptionsPanel", 0x09000154),
    ("Cheer", 0x1300004C),
    ("ChestBeat", 0x1000004D),
    ("ClapHands", 0x1300007E),
    ("ClapHandsState", 0x430000ED),
    ("ClosestCompassItem", 0x090000AC),
    ("ClosestItem", 0x090000C4),
    ("ClosestMonster", 0x09000111),
    ("ClosestPlayer", 0x09000114),
    ("CreateShortcutToSelected", 0x080000A9),
    ("Cringe", 0x13000091),
    ("CrossArmsState", 0x430000EE),
    ("CrossBowNoAmmo", 0x800000E9),
    ("CrossbowCombat", 0x80000041),
    ("Crouch", 0x41000012),
    ("Cry", 0x1300007F),
    ("CurtseyState", 0x4300011A),
    ("Dead", 0x40000011),
    ("DecreasePowerSetting", 0x090000C8),
    ("Demonet", 0x120000DF),
    ("DisableHouseEffect", 0x09000160),
    ("DisableWeather", 0x0900015F),
    ("DisplayTooltips", 0x09000107),
    ("DoubleSlashHigh", 0x10000121),
    ("DoubleSlashLow", 0x1000011F),
    ("DoubleSlashMed", 0x10000120),
    ("DoubleThrustHigh", 0x10000127),
    ("DoubleThrustLow", 0x10000125),
    ("DoubleThrustMed", 0x10000126),
    ("Drink", 0x4000001B),
    ("DropSelected", 0x090000A5),
    ("DrudgeDance", 0x13000151),
    ("DrudgeDanceState", 0x43000144),
    ("DualWieldCombat", 0x80000046),
    ("Eat", 0x4000001A),
    ("EnterChat", 0x080000B5),
    ("EnterGame", 0x1000009C),
    ("EnterPKLite", 0x10000167),
    ("EnterPortal", 0x100000A0),
    ("ExamineSelected", 0x090000A8),
    ("ExitGame", 0x1000009D),
    ("ExitPortal", 0x100000A1),
    ("FallDown", 0x10000050),
    ("Fallen", 0x40000008),
    ("Falling", 0x40000015),
    ("FellowshipPanel", 0x090000D7),
    ("FirstPersonView", 0x090000D5),
    ("Fishing", 0x10000165),
    ("FistSlam", 0x1000006C),
    ("Flatulence", 0x120000D4),
    ("FloorView", 0x090000C0),
    ("GiveSelected", 0x090000A6),
    ("Graze", 0x80000048),
    ("HandCombat", 0x8000003C),
    ("HarmfulSpellsPanel", 0x09000157),
    ("HaveASeat", 0x13000152),
    ("HaveASeatState", 0x43000148),
    ("HeadThrow", 0x1000006B),
    ("HeartyLaugh", 0x13000089),
    ("Helper", 0x13000135),
    ("HelpfulSpellsPanel", 0x09000156),
    ("HighAttack", 0x0D0000B2),
    ("HoldRun", 0x85000001),
    ("HoldSidestep", 0x85000002),
    ("Hop", 0x1000004A),
    ("HousePanel", 0x090000DA),
    ("HouseRecall", 0x1000013A),
    ("Hover", 0x4000000A),
    ("IgnoreAllegianceRequests", 0x09000102),
    ("IgnoreFellowshipRequests", 0x09000103),
    ("IgnoreTradeRequests", 0x0900015E),
    ("IncreasePowerSetting", 0x090000C9),
    ("Interpolating", 0x40000009),
    ("Invalid", 0x00000000),
    ("InventoryPanel", 0x090000DE),
    ("InvertMouseLook", 0x09000104),
    ("IssueSlashCommand", 0x09000170),
    ("Jump", 0x2500003B),
    ("JumpCharging", 0x4000001D),
    ("Jumpup", 0x1000004B),
    ("Kneel", 0x13000092),
    ("KneelState", 0x430000F7),
    ("Knock", 0x1300014F),
    ("LastAttacker", 0x090000AE),
    ("Laugh", 0x13000080),
    ("LeanState", 0x430000F6),
    ("LetPlayersGiveYouItems", 0x09000105),
    ("LifestoneRecall", 0x10000153),
    ("LinkStatusPanel", 0x09000159),
    ("LogOut", 0x1000011E),
    ("LowAttack", 0x0D0000B4),
    ("Magic", 0x80000049),
    ("MagicBlast", 0x4000002B),
    ("MagicBonus", 0x4000002E),
    ("MagicClap", 0x4000002F),
    ("MagicEnchantItem", 0x40000037),
    ("MagicHarm", 0x40000030),
    ("MagicHeal", 0x40000031),
    ("MagicPenalty", 0x40000034),
    ("MagicPortal", 0x40000038),
    ("MagicPowerUp01", 0x1000006F),
    ("MagicPowerUp01Purple", 0x1000012B),
    ("MagicPowerUp02", 0x10000070),
    ("MagicPowerUp02Purple", 0x1000012C),
    ("MagicPowerUp03", 0x10000071),
    ("MagicPowerUp03Purple", 0x1000012D),
    ("MagicPowerUp04", 0x10000072),
    ("MagicPowerUp04Purple", 0x1000012E),
    ("MagicPowerUp05", 0x10000073),
    ("MagicPowerUp05Purple", 0x1000012F),
    ("MagicPowerUp06", 0x10000074),
    ("MagicPowerUp06Purple", 0x10000130),
    ("MagicPowerUp07", 0x10000075),
    ("MagicPowerUp07Purple", 0x10000131),
    ("MagicPowerUp08", 0x10000076),
    ("MagicPowerUp08Purple", 0x10000132),
    ("MagicPowerUp09", 0x10000077),
    ("MagicPowerUp09Purple", 0x10000133),
    ("MagicPowerUp10", 0x10000078),
    ("MagicPowerUp10Purple", 0x10000134),
    ("MagicPray", 0x40000039),
    ("MagicRecoilMissile", 0x40000033),
    ("MagicSelfHead", 0x4000002C),
    ("MagicSelfHeart", 0x4000002D),
    ("MagicThrowMissile", 0x40000032),
    ("MagicTransfer", 0x40000035),
    ("MagicVision", 0x40000036),
    ("MapPanel", 0x090000DD),
    ("MapView", 0x090000C6),
    ("MarketplaceRecall", 0x10000166),
    ("MeditateState", 0x4300011C),
    ("MediumAttack", 0x0D0000B3),
    ("MimeDrink", 0x13000082),
    ("MimeEat", 0x13000081),
    ("MissileAttack1", 0x100000D0),
    ("MissileAttack2", 0x100000D1),
    ("MissileAttack3", 0x100000D2),
    ("Mock", 0x130000CB),
    ("MonarchReply", 0x0900016B),
    ("MouseLook", 0x0C0000C1),
    ("MuteOnLosingFocus", 0x09000164),
    ("NextCompassItem", 0x090000AB),
    ("NextFellow", 0x090000B0),
    ("NextItem", 0x090000C3),
    ("NextPlayer", 0x09000112),
    ("Nod", 0x13000083),
    ("NonCombat", 0x8000003D),
    ("NudgeLeft", 0x1300014A),
    ("NudgeRight", 0x1300014B),
    ("Off", 0x4000000C),
    ("OffhandDoubleSlashHigh", 0x1000017B),
    ("OffhandDoubleSlashLow", 0x10000179),
    ("OffhandDoubleSlashMed", 0x1000017A),
    ("OffhandDoubleThrustHigh", 0x10000181),
    ("OffhandDoubleThrustLow", 0x1000017F),
    ("OffhandDoubleThrustMed", 0x10000180),
    ("OffhandKick", 0x10000185),
    ("OffhandPunchFastHigh", 0x10000195),
    ("OffhandPunchFastLow", 0x10000197),
    ("OffhandPunchFastMed", 0x10000196),
    ("OffhandPunchSlowHigh", 0x10000198),
    ("OffhandPunchSlowLow", 0x1000019A),
    ("OffhandPunchSlowMed", 0x10000199),
    ("OffhandSlashHigh", 0x10000173),
    ("OffhandSlashLow", 0x10000175),
    ("OffhandSlashMed", 0x10000174),
    ("OffhandThrustHigh", 0x10000176),
    ("OffhandThrustLow", 0x10000178),
    ("OffhandThrustMed", 0x10000177),
    ("OffhandTripleSlashHigh", 0x1000017E),
    ("OffhandTripleSlashLow", 0x1000017C),
    ("OffhandTripleSlashMed", 0x1000017D),
    ("OffhandTripleThrustHigh", 0x10000184),
    ("OffhandTripleThrustLow", 0x10000182),
    ("OffhandTripleThrustMed", 0x10000183),
    ("On", 0x4000000B),
    ("OnCreation", 0x1000009E),
    ("OnDestruction", 0x1000009F),
    ("OptionsPanel", 0x090000B8),
    ("PKArenaRecall", 0x10000172),
    ("PatronReply", 0x0900016C),
    ("Pickup", 0x40000018),
    ("Pickup10", 0x40000137),
    ("Pickup15", 0x40000138),
    ("Pickup20", 0x40000139),
    ("Pickup5", 0x40000136),
    ("Plead", 0x13000093),
    ("PleadState", 0x430000F8),
    ("Point", 0x13000084),
    ("PointDown", 0x1300014E),
    ("PointDownState", 0x43000143),
    ("PointLeft", 0x1300014C),
    ("PointLeftState", 0x43000140),
    ("PointRight", 0x1300014D),
    ("PointRightState", 0x43000141),
    ("PointState", 0x430000F0),
    ("PossumState", 0x43000145),
    ("Pray", 0x130000CA),
    ("PrayState", 0x430000EB),
    ("PreviousCompassItem", 0x090000AA),
    ("PreviousFellow", 0x090000AF),
    ("PreviousItem", 0x090000C2),
    ("PreviousMonster", 0x09000110),
    ("PreviousPlayer", 0x09000113),
    ("PreviousSelection", 0x090000AD),
    ("PunchFastHigh", 0x1000018F),
    ("PunchFastLow", 0x10000191),
    ("PunchFastMed", 0x10000190),
    ("PunchSlowHigh", 0x10000192),
    ("PunchSlowLow", 0x10000194),
    ("PunchSlowMed", 0x10000193),
    ("ReadState", 0x43000146),
    ("Reading", 0x4000001C),
    ("Ready", 0x41000003),
    ("Reload", 0x40000016),
    ("Reply", 0x0900016A),
    ("ResetView", 0x090000B9),
    ("RightClickToMouseLook", 0x0900010B),
    ("RunAsDefaultMovement", 0x09000109),
    ("RunForward", 0x44000007),
    ("Salute", 0x1300008A),
    ("SaluteState", 0x430000F3),
    ("Sanctuary", 0x10000057),
    ("SavePosition", 0x080000B7),
    ("ScanHorizon", 0x13000150),
    ("ScratchHead", 0x1300008B),
    ("ScratchHeadState", 0x430000F4),
    ("SelectSelf", 0x0900010D),
    ("ShakeFist", 0x13000079),
    ("ShakeFistState", 0x430000EA),
    ("ShakeHead", 0x13000085),
    ("ShareFellowshipLoot", 0x0900015C),
    ("ShareFellowshipXP", 0x0900015B),
    ("ShiftView", 0x0D0000C5),
    ("Shiver", 0x13000094),
    ("ShiverState", 0x430000EF),
    ("Shoo", 0x13000095),
    ("Shoot", 0x10000061),
    ("ShowRadarCoordinates", 0x09000162),
    ("ShowSpellDurations", 0x09000163),
    ("Shrug", 0x13000086),
    ("SideBySideVitals", 0x09000161),
    ("SideStepLeft", 0x65000010),
    ("SideStepRight", 0x6500000F),
    ("SitBackState", 0x4300013F),
    ("SitCrossleggedState", 0x4300013E),
    ("SitState", 0x4300013D),
    ("Sitting", 0x41000013),
    ("SkillHealOther", 0x1000010F),
    ("SkillHealSelf", 0x1000010E),
    ("SkillsPanel", 0x090000DC),
    ("SlashHigh", 0x1000005B),
    ("SlashLow", 0x1000005D),
    ("SlashMed", 0x1000005C),
    ("Sleeping", 0x41000014),
    ("SlingCombat", 0x80000043),
    ("Slouch", 0x13000096),
    ("SlouchState", 0x430000FA),
    ("SmackHead", 0x1300008C),
    ("SnowAngelState", 0x43000118),
    ("SoundAndGraphicsPanel", 0x09000155),
    ("SpecialAttack1", 0x100000CD),
    ("SpecialAttack2", 0x100000CE),
    ("SpecialAttack3", 0x100000CF),
    ("SpellComponentsPanel", 0x090000D9),
    ("SpellbookPanel", 0x090000D8),
    ("SpinAttack", 0x1000006E),
    ("Spit", 0x13000097),
    ("SplitSelected", 0x090000A7),
    ("StaggerBackward", 0x10000055),
    ("StaggerForward", 0x10000056),
    ("StayInChatModeAfterSend", 0x0900010A),
    ("Stop", 0x40000004),
    ("StopTurning", 0x2000003A),
    ("StoreInBackpack", 0x40000019),
    ("Surrender", 0x13000098),
    ("SurrenderState", 0x430000FB),
    ("SwordCombat", 0x8000003E),
    ("SwordShieldCombat", 0x80000040),
    ("TalktotheHandState", 0x43000142),
    ("TapFoot", 0x1300008D),
    ("TapFootState", 0x430000F5),
    ("Teapot", 0x130000CC),
    ("ThinkerState", 0x43000147),
    ("ThrownShieldCombat", 0x8000013C),
    ("ThrownWeaponCombat", 0x80000047),
    ("ThrustHigh", 0x1000005A),
    ("ThrustLow", 0x10000059),
    ("ThrustMed", 0x10000058),
    ("TippedLeft", 0x1000004E),
    ("TippedRight", 0x1000004F),
    ("ToggleChat", 0x080000B6),
    ("ToggleCombat", 0x090000B1),
    ("ToggleCraftingChanceOfSuccessDialog", 0x0900016D),
    ("TradePanel", 0x0900011D),
    ("TripleSlashHigh", 0x10000124),
    ("TripleSlashLow", 0x10000122),
    ("TripleSlashMed", 0x10000123),
    ("TripleThrustHigh", 0x1000012A),
    ("TripleThrustLow", 0x10000128),
    ("TripleThrustMed", 0x10000129),
    ("TurnLeft", 0x6500000E),
    ("TurnRight", 0x6500000D),
    ("Twitch1", 0x10000051),
    ("Twitch2", 0x10000052),
    ("Twitch3", 0x10000053),
    ("Twitch4", 0x10000054),
    ("TwitchSubstate1", 0x400000E4),
    ("TwitchSubstate2", 0x400000E5),
    ("TwitchSubstate3", 0x400000E6),
    ("TwoHandedStaffCombat", 0x80000045),
    ("TwoHandedSwordCombat", 0x80000044),
    ("Unload", 0x40000017),
    ("UnusedCombat", 0x80000042),
    ("UseClosestUnopenedCorpse", 0x0900016E),
    ("UseMagicStaff", 0x400000E0),
    ("UseMagicWand", 0x400000E1),
    ("UseNextUnopenedCorpse", 0x0900016F),
    ("UseSelected", 0x090000A3),
    ("VitaePanel", 0x0900015A),
    ("VividTargetIndicator", 0x0900010C),
    ("WalkBackwards", 0x45000006),
    ("WalkForward", 0x45000005),
    ("WarmHands", 0x13000119),
    ("Wave", 0x13000087),
    ("WaveHigh", 0x1300008E),
    ("WaveLow", 0x1300008F),
    ("WaveState", 0x430000F1),
    ("Winded", 0x1300009A),
    ("WindedState", 0x430000FD),
    ("Woah", 0x13000099),
    ("WoahDuplicate2", 0x1000019B),
    ("WoahState", 0x430000FC),
    ("YMCA", 0x1200009B),
    ("YawnStretch", 0x13000090),
];

/// Every `MotionCommand` member as `(id, name)`, sorted by id for binary search.
pub(crate) static BY_ID: [(u32, &str); 409] = [
    (0x00000000, "Invalid"),
    (0x080000A2, "Cancel"),
    (0x080000A9, "CreateShortcutToSelected"),
    (0x080000B5, "EnterChat"),
    (0x080000B6, "ToggleChat"),
    (0x080000B7, "SavePosition"),
    (0x090000A3, "UseSelected"),
    (0x090000A4, "AutosortSelected"),
    (0x090000A5, "DropSelected"),
    (0x090000A6, "GiveSelected"),
    (0x090000A7, "SplitSelected"),
    (0x090000A8, "ExamineSelected"),
    (0x090000AA, "PreviousCompassItem"),
    (0x090000AB, "NextCompassItem"),
    (0x090000AC, "ClosestCompassItem"),
    (0x090000AD, "PreviousSelection"),
    (0x090000AE, "LastAttacker"),
    (0x090000AF, "PreviousFellow"),
    (0x090000B0, "NextFellow"),
    (0x090000B1, "ToggleCombat"),
    (0x090000B8, "OptionsPanel"),
    (0x090000B9, "ResetView"),
    (0x090000C0, "FloorView"),
    (0x090000C2, "PreviousItem"),
    (0x090000C3, "NextItem"),
    (0x090000C4, "ClosestItem"),
    (0x090000C6, "MapView"),
    (0x090000C7, "AutoRun"),
    (0x090000C8, "DecreasePowerSetting"),
    (0x090000C9, "IncreasePowerSetting"),
    (0x090000D5, "FirstPersonView"),
    (0x090000D6, "AllegiancePanel"),
    (0x090000D7, "FellowshipPanel"),
    (0x090000D8, "SpellbookPanel"),
    (0x090000D9, "SpellComponentsPanel"),
    (0x090000DA, "HousePanel"),
    (0x090000DB, "AttributesPanel"),
    (0x090000DC, "SkillsPanel"),
    (0x090000DD, "MapPanel"),
    (0x090000DE, "InventoryPanel"),
    (0x090000E7, "CaptureScreenshotToFile"),
    (0x090000FE, "AutoCreateShortcuts"),
    (0x090000FF, "AutoRepeatAttacks"),
    (0x09000100, "AutoTarget"),
    (0x09000101, "AdvancedCombatInterface"),
    (0x09000102, "IgnoreAllegianceRequests"),
    (0x09000103, "IgnoreFellowshipRequests"),
    (0x09000104, "InvertMouseLook"),
    (0x09000105, "LetPlayersGiveYouItems"),
    (0x09000106, "AutoTrackCombatTargets"),
    (0x09000107, "DisplayTooltips"),
    (0x09000108, "AttemptToDeceivePlayers"),
    (0x09000109, "RunAsDefaultMovement"),
    (0x0900010A, "StayInChatModeAfterSend"),
    (0x0900010B, "RightClickToMouseLook"),
    (0x0900010C, "VividTargetIndicator"),
    (0x0900010D, "SelectSelf"),
    (0x09000110, "PreviousMonster"),
    (0x09000111, "ClosestMonster"),
    (0x09000112, "NextPlayer"),
    (0x09000113, "PreviousPlayer"),
    (0x09000114, "ClosestPlayer"),
    (0x0900011D, "TradePanel"),
    (0x09000154, "CharacterOptionsPanel"),
    (0x09000155, "SoundAndGraphicsPanel"),
    (0x09000156, "HelpfulSpellsPanel"),
    (0x09000157, "HarmfulSpellsPanel"),
    (0x09000158, "CharacterInformationPanel"),
    (0x09000159, "LinkStatusPanel"),
    (0x0900015A, "VitaePanel"),
    (0x0900015B, "ShareFellowshipXP"),
    (0x0900015C, "ShareFellowshipLoot"),
    (0x0900015D, "AcceptCorpseLooting"),
    (0x0900015E, "IgnoreTradeRequests"),
    (0x0900015F, "DisableWeather"),
    (0x09000160, "DisableHouseEffect"),
    (0x09000161, "SideBySideVitals"),
    (0x09000162, "ShowRadarCoordinates"),
    (0x09000163, "ShowSpellDurations"),
    (0x09000164, "MuteOnLosingFocus"),
    (0x09000168, "AllegianceChat"),
    (0x09000169, "AutomaticallyAcceptFellowshipRequests"),
    (0x0900016A, "Reply"),
    (0x0900016B, "MonarchReply"),
    (0x0900016C, "PatronReply"),
    (0x0900016D, "ToggleCraftingChanceOfSuccessDialog"),
    (0x0900016E, "UseClosestUnopenedCorpse"),
    (0x0900016F, "UseNextUnopenedCorpse"),
    (0x09000170, "IssueSlashCommand"),
    (0x0C0000C1, "MouseLook"),
    (0x0D0000B2, "HighAttack"),
    (0x0D0000B3, "MediumAttack"),
    (0x0D0000B4, "LowAttack"),
    (0x0D0000BA, "CameraLeftRotate"),
    (0x0D0000BB, "CameraRightRotate"),
    (0x0D0000BC, "CameraRaise"),
    (0x0D0000BD, "CameraLower"),
    (0x0D0000BE, "CameraCloser"),
    (0x0D0000BF, "CameraFarther"),
    (0x0D0000C5, "ShiftView"),
    (0x1000004A, "Hop"),
    (0x1000004B, "Jumpup"),
    (0x1000004D, "ChestBeat"),
    (0x1000004E, "TippedLeft"),
    (0x1000004F, "TippedRight"),
    (0x10000050, "FallDown"),
    (0x10000051, "Twitch1"),
    (0x10000052, "Twitch2"),
    (0x10000053, "Twitch3"),
    (0x10000054, "Twitch4"),
    (0x10000055, "StaggerBackward"),
    (0x10000056, "StaggerForward"),
    (0x10000057, "Sanctuary"),
    (0x10000058, "ThrustMed"),
    (0x10000059, "ThrustLow"),
    (0x1000005A, "ThrustHigh"),
    (0x1000005B, "SlashHigh"),
    (0x1000005C, "SlashMed"),
    (0x1000005D, "SlashLow"),
    (0x1000005E, "BackhandHigh"),
    (0x1000005F, "BackhandMed"),
    (0x10000060, "BackhandLow"),
    (0x10000061, "Shoot"),
    (0x10000062, "AttackHigh1"),
    (0x10000063, "AttackMed1"),
    (0x10000064, "AttackLow1"),
    (0x10000065, "AttackHigh2"),
    (0x10000066, "AttackMed2"),
    (0x10000067, "AttackLow2"),
    (0x10000068, "AttackHigh3"),
    (0x10000069, "AttackMed3"),
    (0x1000006A, "AttackLow3"),
    (0x1000006B, "HeadThrow"),
    (0x1000006C, "FistSlam"),
    (0x1000006D, "BreatheFlame"),
    (0x1000006E, "SpinAttack"),
    (0x1000006F, "MagicPowerUp01"),
    (0x10000070, "MagicPowerUp02"),
    (0x10000071, "MagicPowerUp03"),
    (0x10000072, "MagicPowerUp04"),
    (0x10000073, "MagicPowerUp05"),
    (0x10000074, "MagicPowerUp06"),
    (0x10000075, "MagicPowerUp07"),
    (0x10000076, "MagicPowerUp08"),
    (0x10000077, "MagicPowerUp09"),
    (0x10000078, "MagicPowerUp10"),
    (0x1000009C, "EnterGame"),
    (0x1000009D, "ExitGame"),
    (0x1000009E, "OnCreation"),
    (0x1000009F, "OnDestruction"),
    (0x100000A0, "EnterPortal"),
    (0x100000A1, "ExitPortal"),
    (0x100000CD, "SpecialAttack1"),
    (0x100000CE, "SpecialAttack2"),
    (0x100000CF, "SpecialAttack3"),
    (0x100000D0, "MissileAttack1"),
    (0x100000D1, "MissileAttack2"),
    (0x100000D2, "MissileAttack3"),
    (0x100000E2, "Blink"),
    (0x100000E3, "Bite"),
    (0x1000010E, "SkillHealSelf"),
    (0x1000010F, "SkillHealOther"),
    (0x1000011E, "LogOut"),
    (0x1000011F, "DoubleSlashLow"),
    (0x10000120, "DoubleSlashMed"),
    (0x10000121, "DoubleSlashHigh"),
    (0x10000122, "TripleSlashLow"),
    (0x10000123, "TripleSlashMed"),
    (0x10000124, "TripleSlashHigh"),
    (0x10000125, "DoubleThrustLow"),
    (0x10000126, "DoubleThrustMed"),
    (0x10000127, "DoubleThrustHigh"),
    (0x10000128, "TripleThrustLow"),
    (0x10000129, "TripleThrustMed"),
    (0x1000012A, "TripleThrustHigh"),
    (0x1000012B, "MagicPowerUp01Purple"),
    (0x1000012C, "MagicPowerUp02Purple"),
    (0x1000012D, "MagicPowerUp03Purple"),
    (0x1000012E, "MagicPowerUp04Purple"),
    (0x1000012F, "MagicPowerUp05Purple"),
    (0x10000130, "MagicPowerUp06Purple"),
    (0x10000131, "MagicPowerUp07Purple"),
    (0x10000132, "MagicPowerUp08Purple"),
    (0x10000133, "MagicPowerUp09Purple"),
    (0x10000134, "MagicPowerUp10Purple"),
    (0x1000013A, "HouseRecall"),
    (0x10000153, "LifestoneRecall"),
    (0x10000165, "Fishing"),
    (0x10000166, "MarketplaceRecall"),
    (0x10000167, "EnterPKLite"),
    (0x10000171, "AllegianceHometownRecall"),
    (0x10000172, "PKArenaRecall"),
    (0x10000173, "OffhandSlashHigh"),
    (0x10000174, "OffhandSlashMed"),
    (0x10000175, "OffhandSlashLow"),
    (0x10000176, "OffhandThrustHigh"),
    (0x10000177, "OffhandThrustMed"),
    (0x10000178, "OffhandThrustLow"),
    (0x10000179, "OffhandDoubleSlashLow"),
    (0x1000017A, "OffhandDoubleSlashMed"),
    (0x1000017B, "OffhandDoubleSlashHigh"),
    (0x1000017C, "OffhandTripleSlashLow"),
    (0x1000017D, "OffhandTripleSlashMed"),
    (0x1000017E, "OffhandTripleSlashHigh"),
    (0x1000017F, "OffhandDoubleThrustLow"),
    (0x10000180, "OffhandDoubleThrustMed"),
    (0x10000181, "OffhandDoubleThrustHigh"),
    (0x10000182, "OffhandTripleThrustLow"),
    (0x10000183, "OffhandTripleThrustMed"),
    (0x10000184, "OffhandTripleThrustHigh"),
    (0x10000185, "OffhandKick"),
    (0x10000186, "AttackHigh4"),
    (0x10000187, "AttackMed4"),
    (0x10000188, "AttackLow4"),
    (0x10000189, "AttackHigh5"),
    (0x1000018A, "AttackMed5"),
    (0x1000018B, "AttackLow5"),
    (0x1000018C, "AttackHigh6"),
    (0x1000018D, "AttackMed6"),
    (0x1000018E, "AttackLow6"),
    (0x1000018F, "PunchFastHigh"),
    (0x10000190, "PunchFastMed"),
    (0x10000191, "PunchFastLow"),
    (0x10000192, "PunchSlowHigh"),
    (0x10000193, "PunchSlowMed"),
    (0x10000194, "PunchSlowLow"),
    (0x10000195, "OffhandPunchFastHigh"),
    (0x10000196, "OffhandPunchFastMed"),
    (0x10000197, "OffhandPunchFastLow"),
    (0x10000198, "OffhandPunchSlowHigh"),
    (0x10000199, "OffhandPunchSlowMed"),
    (0x1000019A, "OffhandPunchSlowLow"),
    (0x1000019B, "WoahDuplicate2"),
    (0x1200009B, "YMCA"),
    (0x120000D4, "Flatulence"),
    (0x120000DF, "Demonet"),
    (0x1300004C, "Cheer"),
    (0x13000079, "ShakeFist"),
    (0x1300007A, "Beckon"),
    (0x1300007B, "BeSeeingYou"),
    (0x1300007C, "BlowKiss"),
    (0x1300007D, "BowDeep"),
    (0x1300007E, "ClapHands"),
    (0x1300007F, "Cry"),
    (0x13000080, "Laugh"),
    (0x13000081, "MimeEat"),
    (0x13000082, "MimeDrink"),
    (0x13000083, "Nod"),
    (0x13000084, "Point"),
    (0x13000085, "ShakeHead"),
    (0x13000086, "Shrug"),
    (0x13000087, "Wave"),
    (0x13000088, "Akimbo"),
    (0x13000089, "HeartyLaugh"),
    (0x1300008A, "Salute"),
    (0x1300008B, "ScratchHead"),
    (0x1300008C, "SmackHead"),
    (0x1300008D, "TapFoot"),
    (0x1300008E, "WaveHigh"),
    (0x1300008F, "WaveLow"),
    (0x13000090, "YawnStretch"),
    (0x13000091, "Cringe"),
    (0x13000092, "Kneel"),
    (0x13000093, "Plead"),
    (0x13000094, "Shiver"),
    (0x13000095, "Shoo"),
    (0x13000096, "Slouch"),
    (0x13000097, "Spit"),
    (0x13000098, "Surrender"),
    (0x13000099, "Woah"),
    (0x1300009A, "Winded"),
    (0x130000CA, "Pray"),
    (0x130000CB, "Mock"),
    (0x130000CC, "Teapot"),
    (0x13000119, "WarmHands"),
    (0x13000135, "Helper"),
    (0x1300014A, "NudgeLeft"),
    (0x1300014B, "NudgeRight"),
    (0x1300014C, "PointLeft"),
    (0x1300014D, "PointRight"),
    (0x1300014E, "PointDown"),
    (0x1300014F, "Knock"),
    (0x13000150, "ScanHorizon"),
    (0x13000151, "DrudgeDance"),
    (0x13000152, "HaveASeat"),
    (0x2000003A, "StopTurning"),
    (0x2500003B, "Jump"),
    (0x40000004, "Stop"),
    (0x40000008, "Fallen"),
    (0x40000009, "Interpolating"),
    (0x4000000A, "Hover"),
    (0x4000000B, "On"),
    (0x4000000C, "Off"),
    (0x40000011, "Dead"),
    (0x40000015, "Falling"),
    (0x40000016, "Reload"),
    (0x40000017, "Unload"),
    (0x40000018, "Pickup"),
    (0x40000019, "StoreInBackpack"),
    (0x4000001A, "Eat"),
    (0x4000001B, "Drink"),
    (0x4000001C, "Reading"),
    (0x4000001D, "JumpCharging"),
    (0x4000001E, "AimLevel"),
    (0x4000001F, "AimHigh15"),
    (0x40000020, "AimHigh30"),
    (0x40000021, "AimHigh45"),
    (0x40000022, "AimHigh60"),
    (0x40000023, "AimHigh75"),
    (0x40000024, "AimHigh90"),
    (0x40000025, "AimLow15"),
    (0x40000026, "AimLow30"),
    (0x40000027, "AimLow45"),
    (0x40000028, "AimLow60"),
    (0x40000029, "AimLow75"),
    (0x4000002A, "AimLow90"),
    (0x4000002B, "MagicBlast"),
    (0x4000002C, "MagicSelfHead"),
    (0x4000002D, "MagicSelfHeart"),
    (0x4000002E, "MagicBonus"),
    (0x4000002F, "MagicClap"),
    (0x40000030, "MagicHarm"),
    (0x40000031, "MagicHeal"),
    (0x40000032, "MagicThrowMissile"),
    (0x40000033, "MagicRecoilMissile"),
    (0x40000034, "MagicPenalty"),
    (0x40000035, "MagicTransfer"),
    (0x40000036, "MagicVision"),
    (0x40000037, "MagicEnchantItem"),
    (0x40000038, "MagicPortal"),
    (0x40000039, "MagicPray"),
    (0x400000D3, "CastSpell"),
    (0x400000E0, "UseMagicStaff"),
    (0x400000E1, "UseMagicWand"),
    (0x400000E4, "TwitchSubstate1"),
    (0x400000E5, "TwitchSubstate2"),
    (0x400000E6, "TwitchSubstate3"),
    (0x40000136, "Pickup5"),
    (0x40000137, "Pickup10"),
    (0x40000138, "Pickup15"),
    (0x40000139, "Pickup20"),
    (0x41000003, "Ready"),
    (0x41000012, "Crouch"),
    (0x41000013, "Sitting"),
    (0x41000014, "Sleeping"),
    (0x420000F9, "ATOYOT"),
    (0x430000EA, "ShakeFistState"),
    (0x430000EB, "PrayState"),
    (0x430000EC, "BowDeepState"),
    (0x430000ED, "ClapHandsState"),
    (0x430000EE, "CrossArmsState"),
    (0x430000EF, "ShiverState"),
    (0x430000F0, "PointState"),
    (0x430000F1, "WaveState"),
    (0x430000F2, "AkimboState"),
    (0x430000F3, "SaluteState"),
    (0x430000F4, "ScratchHeadState"),
    (0x430000F5, "TapFootState"),
    (0x430000F6, "LeanState"),
    (0x430000F7, "KneelState"),
    (0x430000F8, "PleadState"),
    (0x430000FA, "SlouchState"),
    (0x430000FB, "SurrenderState"),
    (0x430000FC, "WoahState"),
    (0x430000FD, "WindedState"),
    (0x43000118, "SnowAngelState"),
    (0x4300011A, "CurtseyState"),
    (0x4300011B, "AFKState"),
    (0x4300011C, "MeditateState"),
    (0x4300013D, "SitState"),
    (0x4300013E, "SitCrossleggedState"),
    (0x4300013F, "SitBackState"),
    (0x43000140, "PointLeftState"),
    (0x43000141, "PointRightState"),
    (0x43000142, "TalktotheHandState"),
    (0x43000143, "PointDownState"),
    (0x43000144, "DrudgeDanceState"),
    (0x43000145, "PossumState"),
    (0x43000146, "ReadState"),
    (0x43000147, "ThinkerState"),
    (0x43000148, "HaveASeatState"),
    (0x43000149, "AtEaseState"),
    (0x44000007, "RunForward"),
    (0x45000005, "WalkForward"),
    (0x45000006, "WalkBackwards"),
    (0x6500000D, "TurnRight"),
    (0x6500000E, "TurnLeft"),
    (0x6500000F, "SideStepRight"),
    (0x65000010, "SideStepLeft"),
    (0x8000003C, "HandCombat"),
    (0x8000003D, "NonCombat"),
    (0x8000003E, "SwordCombat"),
    (0x8000003F, "BowCombat"),
    (0x80000040, "SwordShieldCombat"),
    (0x80000041, "CrossbowCombat"),
    (0x80000042, "UnusedCombat"),
    (0x80000043, "SlingCombat"),
    (0x80000044, "TwoHandedSwordCombat"),
    (0x80000045, "TwoHandedStaffCombat"),
    (0x80000046, "DualWieldCombat"),
    (0x80000047, "ThrownWeaponCombat"),
    (0x80000048, "Graze"),
    (0x80000049, "Magic"),
    (0x800000E8, "BowNoAmmo"),
    (0x800000E9, "CrossBowNoAmmo"),
    (0x8000013B, "AtlatlCombat"),
    (0x8000013C, "ThrownShieldCombat"),
    (0x85000001, "HoldRun"),
    (0x85000002, "HoldSidestep"),
];
