import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics.js';
import { ShutdownState } from './shutdown-state.js';

/** Operations kernel: the Prometheus registry and the replica's shutdown state, for every module. */
@Global()
@Module({ providers: [Metrics, ShutdownState], exports: [Metrics, ShutdownState] })
export class OpsModule {}
