/** A plain test run draws every property from one fixed seed, so CI never fails on a rare draw; a fuzz run (`FUZZ_RUNS` set) draws afresh to look for one. */
import fc from 'fast-check';

if (process.env.FUZZ_RUNS === undefined) fc.configureGlobal({ seed: 20261204 });
