/* tslint:disable */
/* eslint-disable */

/** A rule preset: the standard rules (also seed 000) or seed 001. */
export type RulesName = "standard" | "seed-000" | "seed-001";

/** One checker moved by one die, in the mover's own numbering (25 = bar, 0 = off). */
export interface PlainStep {
    from: number;
    to: number;
    die: number;
    hit: boolean;
}

/** A legal play: its notation, its steps and the Position ID after it (opponent on roll). */
export interface LegalPlayView {
    play: string;
    steps: PlainStep[];
    positionIdAfter: string;
}

export type Side = "White" | "Red";
export type WinKind = "Single" | "Gammon" | "Backgammon";
export interface BySide<T> { white: T; red: T; }

/** Match length: a number of points (1–25) or an unlimited money session. */
export type MatchLength = { Points: number } | "Unlimited";
export type ResignationStyle = "Offered" | "Direct";
export type TimeControl = "None" | "TimeBank" | "Reserve";

/** Every rule option of a match. `presetOptions` gives the two presets. */
export interface MatchOptions {
    length: MatchLength;
    cube: boolean;
    backgammons: boolean;
    minimise_wasted_pips: boolean;
    resignation: ResignationStyle;
    time_control: TimeControl;
}

/** What a side does: a name, or an object for actions with details. `from` is in the
 * mover's own numbering (25 = bar). */
export type Action =
| "OpeningRoll"
| "Roll"
| "Double"
| "Take"
| "Drop"
| { Step: { from: number; die: number } }
| "UndoStep"
| "EndTurn"
| { OfferResignation: { level: WinKind } }
| "AcceptResignation"
| "DeclineResignation"
| "Resign"
| "ForfeitMatch"
| "ClaimWinOnTime"
| { SetAutoRoll: { on: boolean } };

export type GameEnd =
| { BoreOff: WinKind }
| "Dropped"
| { ResignationAccepted: WinKind }
| { Resigned: WinKind }
| "ClaimedOnTime"
| "Forfeit"
| "TimeOut";
export interface GameResult { winner: Side; end: GameEnd; points: number; }
export type MatchEnd = "ReachedTarget" | "Forfeit" | "TimeOut";
export interface MatchResult { winner: Side; end: MatchEnd; }

/** Where the match stands and who must act. */
export type Phase =
| "OpeningRoll"
| { Deciding: { side: Side } }
| { CubeOffered: { doubler: Side } }
| { ResignationOffered: { by: Side; level: WinKind } }
| { Moving: { side: Side } }
| { TurnComplete: { side: Side } }
| { GameOver: { result: GameResult } }
| { MatchOver: { result: MatchResult } };

export type CrawfordState = "Pending" | "CrawfordGame" | "PostCrawford";

/** A step: `from`/`to` in the mover's numbering, `board_from`/`board_to` on White's
 * points (25 = the mover's bar, 0 = its tray). */
export interface StepView {
    from: number;
    to: number;
    die: number;
    hit: boolean;
    board_from: number;
    board_to: number;
}
export interface TargetView { to: number; board_to: number; steps: StepView[]; }
export interface CheckerTargets { from: number; board_from: number; targets: TargetView[]; }
export interface CubeView { value: number; shown: number; owner: Side | null; }
/** One side's clock: the green move timer and the orange bank or reserve, in ms. */
export interface ClockReading {
    running: boolean;
    move_ms: number;
    bank_ms: number;
    low_time: boolean;
    exhausted: boolean;
}

/** The whole match as plain data, in White's coordinates. */
export interface MatchView {
    options: MatchOptions;
    phase: Phase;
    game_number: number;
    /** Checkers on White's points 1–24 (index 0 = White's 1-point): + White, − Red. */
    points: number[];
    bar: BySide<number>;
    off: BySide<number>;
    pips: BySide<number>;
    turn: Side;
    dice: [number, number] | null;
    dice_left: number[];
    opening_roll: [number, number] | null;
    cube: CubeView;
    may_double: boolean;
    score: BySide<number>;
    match_length: number | null;
    crawford: CrawfordState;
    clocks: BySide<ClockReading>;
    claimable_by: Side | null;
    declined_resignation: WinKind | null;
    passed: Side | null;
    auto_roll: BySide<boolean>;
    steps_made: StepView[];
    legal_steps: StepView[];
    destinations: CheckerTargets[];
    position_id: string;
    match_id: string;
}



/**
 * A match in progress: a long-lived handle. Every method that changes it either
 * succeeds or throws an `Error` and leaves it exactly as it was.
 *
 * Time is passed in as milliseconds on the match's own clock (start at 0 and add
 * the time the page measures with a monotonic clock).
 */
export class Match {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * Does `action` for `side` at `nowMs`.
     */
    act(side: Side, action: Action, nowMs: number): void;
    /**
     * A match whose first game starts from a GNU Backgammon Position ID and, when
     * given, Match ID (score, cube, length, Crawford, who is on roll). Without a Match
     * ID, White is on roll in a money session. The length in `options` is replaced
     * by the Match ID's.
     */
    static fromIds(position_id: string, match_id: string | null | undefined, options: MatchOptions, seed?: number | null): Match;
    /**
     * The match's time of its last recorded event, in ms: resume the clock from here.
     */
    lastMs(): number;
    /**
     * A match restored from `save()`'s JSON; a tampered or foreign file throws.
     */
    static load(json: string, seed?: number | null): Match;
    /**
     * The match so far in the Jellyfish `.mat` text format GNU Backgammon imports.
     */
    mat(): string;
    /**
     * The GNU Backgammon Match ID now.
     */
    matchId(): string;
    /**
     * A new match. With a `seed`, every roll is reproducible; without, the dice come
     * from the browser's cryptographic random source.
     */
    constructor(options: MatchOptions, seed?: number | null);
    /**
     * The GNU Backgammon Position ID of the board now.
     */
    positionId(): string;
    /**
     * The match as JSON (options, history with every roll, clocks), for `load`.
     */
    save(): string;
    /**
     * Lets the clock run to `nowMs`; returns the side whose time bank ran out (it has
     * then lost the match), or null.
     */
    tick(nowMs: number): Side | null;
    /**
     * The whole match as plain data at `nowMs`.
     */
    view(nowMs: number): MatchView;
}

/**
 * Every distinct legal play of `dice` (like "31" or "3-1") in the position of a GNU
 * Backgammon Position ID, for the player that ID has on roll.
 */
export function legalPlays(position_id: string, dice: string, rules: RulesName): LegalPlayView[];

/**
 * The rule options of a preset: `"seed-000"` or `"seed-001"`, for a match to
 * `length` points (1–25), or a money session when `length` is null.
 */
export function presetOptions(name: "seed-000" | "seed-001", length?: number | null): MatchOptions;

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

export interface InitOutput {
    readonly memory: WebAssembly.Memory;
    readonly __wbg_match_free: (a: number, b: number) => void;
    readonly legalPlays: (a: number, b: number, c: number, d: number, e: number, f: number) => [number, number, number];
    readonly match_act: (a: number, b: number, c: number, d: any, e: number) => [number, number];
    readonly match_fromIds: (a: number, b: number, c: number, d: number, e: any, f: number, g: number) => [number, number, number];
    readonly match_lastMs: (a: number) => number;
    readonly match_load: (a: number, b: number, c: number, d: number) => [number, number, number];
    readonly match_mat: (a: number) => [number, number];
    readonly match_matchId: (a: number) => [number, number];
    readonly match_new: (a: any, b: number, c: number) => [number, number, number];
    readonly match_positionId: (a: number) => [number, number];
    readonly match_save: (a: number) => [number, number, number, number];
    readonly match_tick: (a: number, b: number) => [number, number, number];
    readonly match_view: (a: number, b: number) => [number, number, number];
    readonly presetOptions: (a: number, b: number, c: number) => [number, number, number];
    readonly __wbindgen_malloc: (a: number, b: number) => number;
    readonly __wbindgen_realloc: (a: number, b: number, c: number, d: number) => number;
    readonly __wbindgen_free: (a: number, b: number, c: number) => void;
    readonly __wbindgen_exn_store: (a: number) => void;
    readonly __externref_table_alloc: () => number;
    readonly __wbindgen_externrefs: WebAssembly.Table;
    readonly __externref_table_dealloc: (a: number) => void;
    readonly __wbindgen_start: () => void;
}

export type SyncInitInput = BufferSource | WebAssembly.Module;

/**
 * Instantiates the given `module`, which can either be bytes or
 * a precompiled `WebAssembly.Module`.
 *
 * @param {{ module: SyncInitInput }} module - Passing `SyncInitInput` directly is deprecated.
 *
 * @returns {InitOutput}
 */
export function initSync(module: { module: SyncInitInput } | SyncInitInput): InitOutput;

/**
 * If `module_or_path` is {RequestInfo} or {URL}, makes a request and
 * for everything else, calls `WebAssembly.instantiate` directly.
 *
 * @param {{ module_or_path: InitInput | Promise<InitInput> }} module_or_path - Passing `InitInput` directly is deprecated.
 *
 * @returns {Promise<InitOutput>}
 */
export default function __wbg_init (module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>): Promise<InitOutput>;
