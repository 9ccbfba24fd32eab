/* tslint:disable */
/* eslint-disable */

/** A rule preset: the standard rules (also seed 000) or seed 001. */
export type RulesName = "standard" | "seed-000" | "seed-001";

/** One checker moved by one die, in the mover's own numbering (25 = bar, 0 = off). */
export interface StepView {
    from: number;
    to: number;
    die: number;
    hit: boolean;
}

/** A legal play: its notation, its steps and the Position ID after it (opponent on roll). */
export interface LegalPlayView {
    play: string;
    steps: StepView[];
    positionIdAfter: string;
}



/**
 * Every distinct legal play of `dice` (like "31" or "3-1") in the position of a GNU
 * Backgammon Position ID, for the player that ID has on roll.
 */
export function legalPlays(position_id: string, dice: string, rules: RulesName): LegalPlayView[];

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

export interface InitOutput {
    readonly memory: WebAssembly.Memory;
    readonly legalPlays: (a: number, b: number, c: number, d: number, e: number, f: number) => [number, number, number];
    readonly __wbindgen_malloc: (a: number, b: number) => number;
    readonly __wbindgen_realloc: (a: number, b: number, c: number, d: number) => number;
    readonly __wbindgen_free: (a: number, b: number, c: number) => void;
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
