/**
 * Testing Library's waitFor/findBy give up after 1 s by default: on a loaded 2-core machine
 * (the clean-clone run at load 25) a React render after a resolved query took longer, and
 * tests failed on the machine, not on the app. Their timeout is a hang guard, so it is long;
 * a passing test still returns the moment its condition holds.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 15_000 });
