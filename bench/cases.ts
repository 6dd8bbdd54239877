// Every bench section, in the order bench/run.ts runs them. Append new cases here.
import type { BenchCase } from './bench-case.js';
import { knowledgeBaseBench } from './cases/knowledge-base.js';
import { conceptDetectionBench } from './cases/concept-detection.js';
import { cartridgeDeployBench } from './cases/cartridge-deploy.js';
import { analysisFlowBench } from './cases/analysis-flow.js';
import { httpCeilingBench, httpPersistedFlowBench, httpThroughputBench } from './cases/http-throughput.js';
import { standardFlowBench } from './cases/standard-flow.js';
import { medicationBench } from './cases/medication.js';
import { fhirOutputBench } from './cases/fhir-output.js';
import { umlsScaleBench } from './cases/umls-scale.js';
import { tenantIsolationBench } from './cases/tenant-isolation.js';
import { cartridgeMemoryBench } from './cases/cartridge-memory.js';

export const BENCH_CASES: readonly BenchCase[] = [knowledgeBaseBench, conceptDetectionBench, analysisFlowBench, standardFlowBench, httpThroughputBench, httpCeilingBench, httpPersistedFlowBench, cartridgeDeployBench, medicationBench, tenantIsolationBench, fhirOutputBench, umlsScaleBench, cartridgeMemoryBench];
