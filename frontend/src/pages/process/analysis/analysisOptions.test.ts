import { barHeight, barOption, pieOption, timelineOption } from './analysisOptions';

describe('查询统计 chart options', () => {
  it('draws every day of the timeline', () => {
    const option = timelineOption({ startDate: '2026-11-01', endDate: '2026-11-03', total: 3, points: [{ day: '2026-11-01', count: 1 }, { day: '2026-11-02', count: 0 }, { day: '2026-11-03', count: 2 }] }, '条数') as {
      xAxis: { data: string[] };
      series: Array<{ data: number[]; name: string }>;
    };
    expect(option.xAxis.data).toEqual(['11-01', '11-02', '11-03']);
    expect(option.series[0]).toMatchObject({ name: '条数', data: [1, 0, 2] });
  });

  it('puts the largest bar on top and keeps 其他 in the ring', () => {
    const items = [
      { key: '1', name: '路透社', count: 5, other: false },
      { key: null, name: '其他', count: 2, other: true },
    ];
    const bars = barOption(items, '条数') as { yAxis: { data: string[] }; series: Array<{ data: number[] }> };
    expect(bars.yAxis.data).toEqual(['其他', '路透社']);
    expect(bars.series[0].data).toEqual([2, 5]);
    const pie = pieOption(items) as { series: Array<{ data: Array<{ name: string; value: number }> }> };
    expect(pie.series[0].data).toEqual([{ name: '路透社', value: 5 }, { name: '其他', value: 2 }]);
  });

  it('sizes bar charts by their bars within bounds', () => {
    expect(barHeight(0)).toBe(200);
    expect(barHeight(10)).toBe(300);
    expect(barHeight(100)).toBe(560);
  });
});
