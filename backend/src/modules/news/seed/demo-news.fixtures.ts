/**
 * Invented data for the demo news corpus (nothing is downloaded). demo-news.ts combines sites ×
 * topics × templates × fillers deterministically. All names and `.example` hosts are fictitious.
 */

export type DemoLanguage = 'en' | 'ru' | 'ja' | 'es' | 'fr' | 'de' | 'ko';
/** A phrase in every demo language plus machine-translation-style Chinese (`cn`). */
export type Localized = Record<DemoLanguage | 'cn', string>;

export interface DemoSite {
  webName: string;
  host: string;
  language: DemoLanguage;
  country: string;
}

export const DEMO_SITES: readonly DemoSite[] = [
  { webName: 'Global Wire', host: 'globalwire.example', language: 'en', country: 'GB' },
  { webName: 'Capital Ledger', host: 'capital-ledger.example', language: 'en', country: 'US' },
  { webName: 'Pacific Science Times', host: 'pacific-science.example', language: 'en', country: 'AU' },
  { webName: 'Asia Defense Monitor', host: 'asia-defense.example', language: 'en', country: 'IN' },
  { webName: 'Euro Policy Watch', host: 'europolicy.example', language: 'en', country: 'EU' },
  { webName: 'Maple Report', host: 'maple-report.example', language: 'en', country: 'CA' },
  { webName: 'Tokyo Business Daily', host: 'tokyo-business.example', language: 'ja', country: 'JP' },
  { webName: 'Moscow Herald', host: 'moscow-herald.example', language: 'ru', country: 'RU' },
  { webName: 'El Diario Económico', host: 'diario-economico.example', language: 'es', country: 'OTHER' },
  { webName: "Le Journal de l'Énergie", host: 'journal-energie.example', language: 'fr', country: 'FR' },
  { webName: 'Berlin Industry News', host: 'berlin-industry.example', language: 'de', country: 'DE' },
  { webName: 'Korea Tech Review', host: 'korea-tech.example', language: 'ko', country: 'KR' },
];

export interface DemoTopic {
  /** Leaf classification code. */
  code: string;
  /** Noun phrase inserted into the templates. */
  phrase: Localized;
  /** Chinese keywords for the item (the first two are always used). */
  keywords: string[];
}

export const DEMO_TOPICS: readonly DemoTopic[] = [
  {
    code: 'A1001',
    phrase: { en: 'diplomatic talks', ru: 'дипломатические переговоры', ja: '外交協議', es: 'negociaciones diplomáticas', fr: 'négociations diplomatiques', de: 'diplomatische Gespräche', ko: '외교 협상', cn: '外交谈判' },
    keywords: ['外交', '谈判', '双边关系'],
  },
  {
    code: 'A1002',
    phrase: { en: 'the election campaign', ru: 'избирательная кампания', ja: '選挙戦', es: 'la campaña electoral', fr: 'campagne électorale', de: 'Wahlkampf', ko: '선거 운동', cn: '选举活动' },
    keywords: ['选举', '投票', '竞选'],
  },
  {
    code: 'A1003',
    phrase: { en: 'national security strategy', ru: 'стратегия национальной безопасности', ja: '国家安全保障戦略', es: 'la estrategia de seguridad nacional', fr: 'stratégie de sécurité nationale', de: 'nationale Sicherheitsstrategie', ko: '국가안보 전략', cn: '国家安全战略' },
    keywords: ['国防', '安全', '战略'],
  },
  {
    code: 'A2001',
    phrase: { en: 'energy subsidies', ru: 'субсидии в энергетике', ja: 'エネルギー補助金', es: 'los subsidios energéticos', fr: "subventions à l'énergie", de: 'Energiesubventionen', ko: '에너지 보조금', cn: '能源补贴' },
    keywords: ['能源', '补贴', '电力'],
  },
  {
    code: 'A2002',
    phrase: { en: 'interest rate policy', ru: 'процентная политика', ja: '金利政策', es: 'la política de tipos de interés', fr: 'politique des taux', de: 'Zinspolitik', ko: '금리 정책', cn: '利率政策' },
    keywords: ['金融', '利率', '央行'],
  },
  {
    code: 'A2003',
    phrase: { en: 'export controls and tariffs', ru: 'экспортный контроль и пошлины', ja: '輸出規制と関税', es: 'los controles de exportación y aranceles', fr: "contrôles à l'exportation et droits de douane", de: 'Exportkontrollen und Zölle', ko: '수출 통제와 관세', cn: '出口管制和关税' },
    keywords: ['贸易', '关税', '出口'],
  },
  {
    code: 'A2004',
    phrase: { en: 'electric vehicle manufacturing', ru: 'производство электромобилей', ja: '電気自動車の生産', es: 'la fabricación de vehículos eléctricos', fr: 'production de véhicules électriques', de: 'Elektroautoproduktion', ko: '전기차 생산', cn: '电动汽车制造' },
    keywords: ['产业', '制造业', '电动汽车'],
  },
  {
    code: 'A3001',
    phrase: { en: 'artificial intelligence models', ru: 'модели искусственного интеллекта', ja: '人工知能モデル', es: 'los modelos de inteligencia artificial', fr: "modèles d'intelligence artificielle", de: 'KI-Modelle', ko: '인공지능 모델', cn: '人工智能模型' },
    keywords: ['人工智能', '大模型', '算法'],
  },
  {
    code: 'A3002',
    phrase: { en: 'semiconductor plants', ru: 'заводы полупроводников', ja: '半導体工場', es: 'las plantas de semiconductores', fr: 'usines de semi-conducteurs', de: 'Halbleiterwerke', ko: '반도체 공장', cn: '半导体工厂' },
    keywords: ['半导体', '芯片', '晶圆'],
  },
  {
    code: 'A3003',
    phrase: { en: 'the lunar launch program', ru: 'лунная программа запусков', ja: '月面打ち上げ計画', es: 'el programa de lanzamientos lunares', fr: 'programme de lancements lunaires', de: 'Mondstartprogramm', ko: '달 발사 계획', cn: '探月发射计划' },
    keywords: ['航天', '火箭', '卫星'],
  },
  {
    code: 'A3004',
    phrase: { en: 'cancer drug trials', ru: 'испытания онкологических препаратов', ja: 'がん治療薬の治験', es: 'los ensayos de fármacos contra el cáncer', fr: 'essais de médicaments anticancéreux', de: 'Krebsmedikamentenstudien', ko: '항암제 임상시험', cn: '抗癌药物试验' },
    keywords: ['生物医药', '临床试验', '新药'],
  },
  {
    code: 'A4001',
    phrase: { en: 'influenza vaccination', ru: 'вакцинация от гриппа', ja: 'インフルエンザ予防接種', es: 'la vacunación contra la gripe', fr: 'vaccination contre la grippe', de: 'Grippeimpfung', ko: '독감 예방접종', cn: '流感疫苗接种' },
    keywords: ['公共卫生', '疫苗', '流感'],
  },
  {
    code: 'A4002',
    phrase: { en: 'university funding', ru: 'финансирование университетов', ja: '大学への資金配分', es: 'la financiación universitaria', fr: 'financement des universités', de: 'Hochschulfinanzierung', ko: '대학 재정 지원', cn: '高校经费' },
    keywords: ['教育', '大学', '经费'],
  },
  {
    code: 'A4003',
    phrase: { en: 'carbon emission targets', ru: 'цели по выбросам углерода', ja: '炭素排出目標', es: 'los objetivos de emisiones de carbono', fr: "objectifs d'émissions de carbone", de: 'CO2-Emissionsziele', ko: '탄소 배출 목표', cn: '碳排放目标' },
    keywords: ['气候', '碳排放', '环境'],
  },
  {
    code: 'A6001',
    phrase: { en: 'fighter jet procurement', ru: 'закупки истребителей', ja: '戦闘機の調達', es: 'la compra de aviones de combate', fr: "achat d'avions de combat", de: 'Kampfjetbeschaffung', ko: '전투기 도입', cn: '战斗机采购' },
    keywords: ['装备', '战斗机', '采购'],
  },
  {
    code: 'A6002',
    phrase: { en: 'joint naval exercises', ru: 'совместные военно-морские учения', ja: '合同海上演習', es: 'los ejercicios navales conjuntos', fr: 'exercices navals conjoints', de: 'gemeinsame Marinemanöver', ko: '연합 해상 훈련', cn: '联合海上演习' },
    keywords: ['演习', '海军', '联合'],
  },
];

export const NOISE_CODE = 'A5000';

/** Countries mentioned in the stories; `weight` makes the United States (美国) common for search demos. */
export const DEMO_COUNTRIES: readonly { name: Localized; weight: number }[] = [
  { weight: 4, name: { en: 'the United States', ru: 'США', ja: '米国', es: 'Estados Unidos', fr: 'les États-Unis', de: 'die USA', ko: '미국', cn: '美国' } },
  { weight: 2, name: { en: 'China', ru: 'Китай', ja: '中国', es: 'China', fr: 'la Chine', de: 'China', ko: '중국', cn: '中国' } },
  { weight: 1, name: { en: 'Japan', ru: 'Япония', ja: '日本', es: 'Japón', fr: 'le Japon', de: 'Japan', ko: '일본', cn: '日本' } },
  { weight: 1, name: { en: 'Russia', ru: 'Россия', ja: 'ロシア', es: 'Rusia', fr: 'la Russie', de: 'Russland', ko: '러시아', cn: '俄罗斯' } },
  { weight: 1, name: { en: 'Germany', ru: 'Германия', ja: 'ドイツ', es: 'Alemania', fr: "l'Allemagne", de: 'Deutschland', ko: '독일', cn: '德国' } },
  { weight: 1, name: { en: 'France', ru: 'Франция', ja: 'フランス', es: 'Francia', fr: 'la France', de: 'Frankreich', ko: '프랑스', cn: '法国' } },
  { weight: 1, name: { en: 'South Korea', ru: 'Южная Корея', ja: '韓国', es: 'Corea del Sur', fr: 'la Corée du Sud', de: 'Südkorea', ko: '한국', cn: '韩国' } },
  { weight: 1, name: { en: 'India', ru: 'Индия', ja: 'インド', es: 'India', fr: "l'Inde", de: 'Indien', ko: '인도', cn: '印度' } },
  { weight: 1, name: { en: 'Australia', ru: 'Австралия', ja: 'オーストラリア', es: 'Australia', fr: "l'Australie", de: 'Australien', ko: '호주', cn: '澳大利亚' } },
  { weight: 1, name: { en: 'Canada', ru: 'Канада', ja: 'カナダ', es: 'Canadá', fr: 'le Canada', de: 'Kanada', ko: '캐나다', cn: '加拿大' } },
  { weight: 1, name: { en: 'the European Union', ru: 'Евросоюз', ja: '欧州連合', es: 'la Unión Europea', fr: "l'Union européenne", de: 'die EU', ko: '유럽연합', cn: '欧盟' } },
  { weight: 1, name: { en: 'Britain', ru: 'Великобритания', ja: '英国', es: 'el Reino Unido', fr: 'le Royaume-Uni', de: 'Großbritannien', ko: '영국', cn: '英国' } },
  { weight: 1, name: { en: 'Mexico', ru: 'Мексика', ja: 'メキシコ', es: 'México', fr: 'le Mexique', de: 'Mexiko', ko: '멕시코', cn: '墨西哥' } },
];

export const DEMO_COMPANIES: readonly string[] = [
  'Nortek Energy', 'Helios Grid', 'Kaiyo Motors', 'Volta Chemie', 'Borealis Mining', 'Quanta Semicon',
  'Aster Biotech', 'Orbis Launch', 'Meridian Bank', 'Sakura Robotics', 'Hanbit Electronics', 'Iberia Solar',
];

/**
 * Templates per language. Placeholders: {c} country, {c2} another country, {t} topic phrase,
 * {co} company, {n} percentage, {b} amount in billions of dollars, {k} months, {d} date (YYYY-MM-DD).
 * The sentence "… energy budgets …" and "The United States …" keep 能源/energy and 美国 common.
 */
export interface DemoTemplates {
  titles: string[];
  sentences: string[];
  noise: { title: string; body: string }[];
}

export const DEMO_TEMPLATES: Record<DemoLanguage | 'cn', DemoTemplates> = {
  en: {
    titles: [
      '{c} unveils new plan on {t}',
      '{co} shares jump {n}% as {c} moves on {t}',
      '{c} and {c2} agree to expand cooperation on {t}',
      "Analysis: what the shift on {t} means for {c}'s markets",
      '{c} earmarks ${b} billion for {t}',
      'Officials in {c} review {t} after {n}% shortfall',
    ],
    sentences: [
      '{c} announced on {d} a package worth ${b} billion focused on {t}.',
      'Officials said the measures would take effect within {k} months.',
      '{co} said it expected demand linked to {t} to grow by {n}% next year.',
      'Analysts in {c2} warned that the plan could strain energy budgets and supply chains.',
      'The move follows talks between {c} and {c2} earlier this month.',
      'Critics argued that the timeline for {t} remained unclear.',
      'The United States is expected to respond in the coming weeks.',
    ],
    noise: [
      { title: 'Subscribe now and save 50% on your first year', body: 'Limited offer. Get unlimited access to all articles for just $1 a week. Cancel anytime.' },
      { title: 'We value your privacy', body: 'We use cookies to improve your experience. By continuing to browse you accept our cookie policy.' },
    ],
  },
  ru: {
    titles: [
      '{c} представила новый план: {t}',
      'Акции {co} выросли на {n}% на фоне решений по теме «{t}»',
      '{c} и {c2} договорились расширить сотрудничество: {t}',
      'Эксперты оценили новый курс в сфере «{t}»: {c}',
      '{c}: {b} млрд долларов на направление «{t}»',
      'Чиновники ({c}) пересмотрят тему «{t}» после дефицита в {n}%',
    ],
    sentences: [
      '{d} {c} объявила о пакете мер на {b} млрд долларов в сфере «{t}».',
      'По словам чиновников, меры вступят в силу в течение {k} месяцев.',
      'Компания {co} ожидает роста спроса на {n}% в следующем году.',
      'Аналитики ({c2}) предупредили о давлении на энергетические бюджеты и цепочки поставок.',
      'Решение последовало за переговорами с партнёрами ({c2}) в начале месяца.',
      'Критики считают, что сроки по теме «{t}» остаются неясными.',
      'Ожидается, что США ответят в ближайшие недели.',
    ],
    noise: [
      { title: 'Подпишитесь и сэкономьте 50%', body: 'Только сейчас: неограниченный доступ ко всем статьям за 1 доллар в неделю.' },
      { title: 'Мы используем файлы cookie', body: 'Продолжая просмотр сайта, вы соглашаетесь с политикой использования файлов cookie.' },
    ],
  },
  ja: {
    titles: [
      '{c}、{t}の新計画を発表',
      '{co}株が{n}%上昇、{c}の{t}に期待',
      '{c}と{c2}、{t}で協力拡大に合意',
      '解説：{c}の{t}転換が市場に与える影響',
      '{c}、{t}に{b}0億ドルを計上',
      '{c}当局、{n}%の不足受け{t}を再検討',
    ],
    sentences: [
      '{c}は{d}、{t}を柱とする{b}0億ドル規模の対策を発表した。',
      '当局者によると、措置は{k}か月以内に実施される。',
      '{co}は、{t}関連の需要が来年{n}%伸びるとの見通しを示した。',
      '{c2}のアナリストは、エネルギー予算や供給網への負担を警告した。',
      '今回の動きは、今月初めの{c}と{c2}の協議を受けたものだ。',
      '批判的な見方では、{t}の日程は依然として不透明だ。',
      '米国は数週間以内に対応する見通しだ。',
    ],
    noise: [
      { title: '今なら初年度50%オフで購読', body: '期間限定：すべての記事が週1ドルで読み放題。いつでも解約できます。' },
      { title: 'クッキーの使用について', body: '当サイトは利便性向上のためクッキーを使用しています。閲覧を続けると同意したものとみなされます。' },
    ],
  },
  es: {
    titles: [
      '{c} presenta un nuevo plan sobre {t}',
      'Las acciones de {co} suben un {n}% por el impulso de {c} a {t}',
      '{c} y {c2} acuerdan ampliar la cooperación en {t}',
      'Análisis: qué significa para los mercados el giro de {c} en {t}',
      '{c} destina {b} mil millones de dólares a {t}',
      'Funcionarios de {c} revisan {t} tras un déficit del {n}%',
    ],
    sentences: [
      '{c} anunció el {d} un paquete de {b} mil millones de dólares centrado en {t}.',
      'Según los funcionarios, las medidas entrarán en vigor en un plazo de {k} meses.',
      '{co} prevé que la demanda vinculada a {t} crezca un {n}% el próximo año.',
      'Analistas de {c2} advirtieron que el plan podría presionar los presupuestos de energía y las cadenas de suministro.',
      'La decisión llega tras las conversaciones entre {c} y {c2} a principios de mes.',
      'Los críticos señalaron que el calendario de {t} sigue sin estar claro.',
      'Se espera que Estados Unidos responda en las próximas semanas.',
    ],
    noise: [
      { title: 'Suscríbase ahora y ahorre un 50%', body: 'Oferta limitada: acceso ilimitado a todos los artículos por solo 1 dólar a la semana.' },
      { title: 'Valoramos su privacidad', body: 'Utilizamos cookies para mejorar su experiencia. Si continúa navegando, acepta nuestra política de cookies.' },
    ],
  },
  fr: {
    titles: [
      '{c} dévoile un nouveau plan – {t}',
      "L'action {co} bondit de {n} % grâce au dossier « {t} »",
      "{c} et {c2} s'accordent pour élargir leur coopération : {t}",
      'Analyse : ce que le virage de {c} signifie pour les marchés – {t}',
      '{c} débloque {b} milliards de dollars – {t}',
      'Les responsables réexaminent le dossier « {t} » après un déficit de {n} %',
    ],
    sentences: [
      'Le {d}, {c} a annoncé un plan de {b} milliards de dollars consacré au dossier « {t} ».',
      "Selon les responsables, les mesures entreront en vigueur d'ici {k} mois.",
      "{co} prévoit une hausse de {n} % de la demande l'an prochain.",
      "Des analystes ont averti que le plan pourrait peser sur les budgets de l'énergie et les chaînes d'approvisionnement.",
      'Cette décision fait suite à des discussions entre {c} et {c2} en début de mois.',
      'Les critiques estiment que le calendrier du dossier « {t} » reste flou.',
      'Les États-Unis devraient réagir dans les prochaines semaines.',
    ],
    noise: [
      { title: 'Abonnez-vous et économisez 50 %', body: "Offre limitée : accès illimité à tous les articles pour 1 dollar par semaine." },
      { title: 'Nous respectons votre vie privée', body: 'Nous utilisons des cookies pour améliorer votre expérience. En poursuivant la navigation, vous acceptez notre politique.' },
    ],
  },
  de: {
    titles: [
      '{c} stellt neuen Plan vor: {t}',
      '{co}-Aktie steigt um {n} Prozent – Fokus auf {t}',
      '{c} und {c2} vereinbaren engere Zusammenarbeit: {t}',
      'Analyse: Was der Kurswechsel für die Märkte bedeutet – {t}',
      '{c} stellt {b} Milliarden Dollar bereit: {t}',
      'Behörden prüfen {t} nach {n} Prozent Fehlbetrag',
    ],
    sentences: [
      'Am {d} kündigte die Regierung ein Paket über {b} Milliarden Dollar zum Thema {t} an.',
      'Nach Angaben von Beamten sollen die Maßnahmen innerhalb von {k} Monaten greifen.',
      '{co} erwartet im kommenden Jahr ein Nachfragewachstum von {n} Prozent.',
      'Analysten warnten vor Belastungen für Energiebudgets und Lieferketten.',
      'Der Schritt folgt auf Gespräche zwischen {c} und {c2} Anfang des Monats.',
      'Kritiker bemängeln, dass der Zeitplan für {t} unklar bleibt.',
      'Die USA wollen in den kommenden Wochen reagieren.',
    ],
    noise: [
      { title: 'Jetzt abonnieren und 50 % sparen', body: 'Begrenztes Angebot: unbegrenzter Zugang zu allen Artikeln für nur 1 Dollar pro Woche.' },
      { title: 'Wir respektieren Ihre Privatsphäre', body: 'Wir verwenden Cookies, um Ihr Erlebnis zu verbessern. Mit der weiteren Nutzung stimmen Sie zu.' },
    ],
  },
  ko: {
    titles: [
      '{c}, {t} 새 계획 발표',
      '{co} 주가 {n}% 상승…{c} {t} 추진',
      '{c}·{c2}, {t} 협력 확대 합의',
      '분석: {c}의 {t} 전환이 시장에 미치는 영향',
      '{c}, {t}에 {b}0억 달러 배정',
      '{c} 당국, {n}% 부족에 {t} 재검토',
    ],
    sentences: [
      '{c}는 {d} {t}에 초점을 맞춘 {b}0억 달러 규모의 대책을 발표했다.',
      '당국자들은 조치가 {k}개월 안에 시행될 것이라고 밝혔다.',
      '{co}는 내년 {t} 관련 수요가 {n}% 증가할 것으로 내다봤다.',
      '{c2} 분석가들은 이 계획이 에너지 예산과 공급망에 부담이 될 수 있다고 경고했다.',
      '이번 조치는 이달 초 {c}와 {c2}의 회담에 따른 것이다.',
      '비판론자들은 {t} 일정이 여전히 불투명하다고 지적했다.',
      '미국은 몇 주 안에 대응할 것으로 예상된다.',
    ],
    noise: [
      { title: '지금 구독하고 50% 할인 받으세요', body: '기간 한정: 주 1달러에 모든 기사를 무제한으로 이용할 수 있습니다.' },
      { title: '쿠키 사용 안내', body: '본 사이트는 서비스 개선을 위해 쿠키를 사용합니다. 계속 이용하면 동의한 것으로 간주됩니다.' },
    ],
  },
  cn: {
    titles: [
      '{c}公布{t}新计划',
      '{c}推进{t}，{co}股价上涨{n}%',
      '{c}与{c2}同意扩大{t}合作',
      '分析：{c}在{t}方面的转变对市场意味着什么',
      '{c}拨款{b}0亿美元用于{t}',
      '{c}官员因{n}%缺口重新审议{t}',
    ],
    sentences: [
      '{c}于{d}宣布了一项价值{b}0亿美元、以{t}为重点的一揽子计划。',
      '官员表示，相关措施将在{k}个月内生效。',
      '{co}表示，预计明年与{t}相关的需求将增长{n}%。',
      '{c2}分析人士警告称，该计划可能给能源预算和供应链带来压力。',
      '此前，{c}与{c2}本月早些时候举行了会谈。',
      '批评人士认为，{t}的时间表仍不明确。',
      '预计美国将在未来几周内作出回应。',
    ],
    noise: [
      { title: '立即订阅，首年五折', body: '限时优惠：每周仅需1美元即可无限阅读全部文章。' },
      { title: '我们重视您的隐私', body: '我们使用Cookie来改善您的体验。继续浏览即表示您接受我们的Cookie政策。' },
    ],
  },
};
