// The ECharts build of the app (echarts 6.1.0, docs/collect-design.md §2): the core with only the
// charts and components the screens use, drawn on canvas. Imported by EChart.tsx alone, so it lands
// in the chunk of the (lazy) page that shows a chart.
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
export type { EChartsCoreOption as ChartOption, EChartsType as ChartInstance } from 'echarts/core';
