import { describe, expect, it } from 'vitest';
import { checkResources, readHostFigures } from './resource-check';

const idle = { cpuCurrent: 0.5, cpuAverage: 0.4, memoryAvailable: 4e9, memoryTotal: 8e9 };

describe('checkResources', () => {
  it('passes only when CPU load is at least 0.02 below the threshold', () => {
    expect(checkResources({ cpu: 0.52, memory: 0.1 }, idle)).toBeNull();
    expect(checkResources({ cpu: 0.519, memory: 0.1 }, idle)).toEqual({
      resource: 'cpu',
      cpu: { current: 0.5, average: 0.4, threshold: 0.519 },
    });
    expect(checkResources({ cpu: 0.9, memory: 0.1 }, { ...idle, cpuAverage: 0.89 })?.resource).toBe('cpu');
  });

  it('fails on memory with available, total and threshold', () => {
    expect(checkResources({ cpu: 0.9, memory: 0.6 }, idle)).toEqual({
      resource: 'memory',
      memory: { available: 4e9, total: 8e9, threshold: 0.6 },
    });
  });

  it('reads real figures from this host', () => {
    const figures = readHostFigures();
    expect(figures.memoryTotal).toBeGreaterThan(figures.memoryAvailable * 0.99);
    expect(figures.cpuCurrent).toBeGreaterThanOrEqual(0);
  });
});
