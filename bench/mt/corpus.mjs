// Spanish news items for the machine-translation benchmark: deterministic (seeded PRNG per item, so
// item k is the same whatever N), built from a small fixed corpus of news sentences with slots
// (countries, cities, fictional companies, figures, months …). Each item: a title and 4–8 HTML
// paragraphs, 2,500–4,000 characters of text (title + body), some with an agency dateline in
// <strong> and a link inside a sentence (inline elements the translator carries as placeholders).

/** mulberry32 (as bench/news/generate.mjs). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PAISES = ['España', 'México', 'Argentina', 'Colombia', 'Chile', 'Perú', 'Brasil', 'Francia', 'Alemania', 'Estados Unidos', 'China', 'Japón', 'Marruecos', 'Portugal', 'Uruguay', 'Ecuador'];
const CIUDADES = ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Bilbao', 'Ciudad de México', 'Monterrey', 'Guadalajara', 'Buenos Aires', 'Córdoba', 'Bogotá', 'Medellín', 'Santiago', 'Lima', 'Quito', 'Montevideo'];
// Fictional companies (no real company is given invented news).
const EMPRESAS = ['Grupo Altamar', 'Energías del Sur', 'Transportes Andinos', 'Banco Meridional', 'Telecomunicaciones Iberia', 'Aceros del Norte', 'Construcciones Levante', 'Alimentos La Pradera', 'Farmacéutica Solana', 'Minera Cordillera', 'Seguros Atlántico', 'Naviera del Pacífico'];
const CARGOS = ['la ministra de Economía', 'el ministro de Hacienda', 'el presidente del Gobierno', 'la portavoz del Ejecutivo', 'el gobernador del banco central', 'el secretario de Estado de Energía', 'la alcaldesa', 'el consejero delegado de la compañía', 'la directora del instituto de estadística', 'el líder de la oposición'];
const ORGANISMOS = ['el Fondo Monetario Internacional', 'la Comisión Europea', 'el Banco Mundial', 'la OCDE', 'la Organización Mundial del Comercio', 'el Banco Interamericano de Desarrollo', 'la Organización Internacional del Trabajo', 'la Agencia Internacional de la Energía'];
const SECTORES = ['la energía', 'el transporte', 'la agricultura', 'la vivienda', 'el turismo', 'la industria automotriz', 'las telecomunicaciones', 'la sanidad', 'la educación', 'el comercio minorista'];
const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const DIAS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];
const AGENCIAS = ['EFE', 'Europa Press', 'Notimex', 'Télam', 'Agencia Andina', 'Redacción'];
const MEDIOS = ['ejemplo-diario.es', 'noticias-ejemplo.mx', 'el-observador.example', 'prensa-sur.example'];

const TITLES = [
  '{pais} aprueba un plan de {millones} millones de euros para impulsar {sector}',
  '{empresa} eleva un {pct} % su beneficio pese a la caída de la demanda',
  'El paro baja al {pct} % en {pais}, la cifra más baja desde {anio}',
  '{Organismo} rebaja su previsión de crecimiento para {pais}',
  'Huelga en {sector}: miles de trabajadores protestan en las calles de {ciudad}',
  '{pais} y {pais2} firman un acuerdo comercial tras meses de negociaciones',
  'La inflación se modera al {pct} % en {mes}, según los datos oficiales',
  '{empresa} anuncia {num} despidos y el cierre de su planta de {ciudad}',
  'Las lluvias torrenciales dejan al menos {num} muertos en el sur de {pais}',
  'El Parlamento de {pais} debate una reforma de las pensiones que divide a los partidos',
  '{ciudad} acogerá en {mes} una cumbre internacional sobre el cambio climático',
  'El precio de la vivienda sube un {pct} % en las grandes ciudades de {pais}',
  'El banco central de {pais} mantiene los tipos de interés en el {pct} %',
  '{empresa} invertirá {millones} millones en energía solar hasta {anio2}',
  'Las exportaciones de {pais} a {pais2} crecen un {pct} % en el primer semestre',
  'Detenidas {num} personas en una operación contra el fraude fiscal en {ciudad}',
];

const SENTENCES = [
  'El Gobierno de {pais} anunció este {dia} un paquete de medidas para apoyar {sector}, que incluye ayudas directas a las familias más vulnerables y una rebaja temporal de los impuestos.',
  'Según {cargo}, el plan costará unos {millones} millones de euros y beneficiará a más de {num} millones de hogares durante los próximos dos años.',
  'La oposición criticó la iniciativa por considerarla insuficiente y reclamó una reforma fiscal de mayor alcance que reduzca la presión sobre las clases medias.',
  'Los sindicatos mayoritarios convocaron una jornada de protestas para el próximo {dia} y advirtieron de que mantendrán la movilización si no se atienden sus demandas.',
  'De acuerdo con los datos publicados por el instituto nacional de estadística, el producto interior bruto creció un {pct} % en el último trimestre.',
  'El consumo de los hogares, que había mostrado signos de debilidad a comienzos de año, se recuperó gracias a la mejora del empleo y a la moderación de los precios.',
  '{Organismo} advirtió en su último informe de que la desaceleración de la economía mundial podría afectar a las exportaciones de la región en los próximos meses.',
  'Los analistas consultados coinciden en que la evolución de los precios de la energía será determinante para el comportamiento de la inflación durante el invierno.',
  '«No vamos a permitir que las familias paguen las consecuencias de una crisis que no han provocado», afirmó {cargo} en una rueda de prensa celebrada en {ciudad}.',
  'La compañía {empresa} explicó en un comunicado que la decisión responde a la necesidad de adaptar su estructura a un mercado cada vez más competitivo.',
  'Las acciones de {empresa} subieron un {pct} % en la bolsa tras conocerse los resultados, que superaron las previsiones de la mayoría de los analistas.',
  'El acuerdo, que todavía debe ser ratificado por los parlamentos de ambos países, elimina los aranceles sobre más del {num} % de los productos agrícolas e industriales.',
  'Las autoridades sanitarias recomendaron a la población extremar las precauciones y evitar los desplazamientos innecesarios mientras dure el temporal.',
  'Los servicios de emergencia rescataron a decenas de personas atrapadas en sus viviendas y habilitaron varios pabellones deportivos como albergues provisionales.',
  'El alcalde de {ciudad} pidió al Gobierno central que declare la zona afectada como catastrófica para acelerar la llegada de las ayudas a los damnificados.',
  'La reforma prevé elevar de forma progresiva la edad de jubilación y ampliar el período de cálculo de la pensión, dos de los puntos que más rechazo generan.',
  'En los últimos diez años, el número de jubilados ha aumentado en más de {num} millones de personas, mientras que la población activa apenas ha crecido.',
  'Los expertos advierten de que el sistema necesitará nuevas fuentes de financiación si se quiere garantizar su sostenibilidad a largo plazo.',
  'La cumbre reunirá a representantes de más de {num} países, que intentarán acordar objetivos más ambiciosos de reducción de las emisiones contaminantes.',
  'Las organizaciones ecologistas consideran que los compromisos asumidos hasta ahora no bastan para limitar el aumento de la temperatura global.',
  'El precio medio del metro cuadrado alcanzó los {miles} euros en {ciudad}, un nivel que muchos jóvenes consideran inalcanzable con los salarios actuales.',
  'La escasez de vivienda en alquiler y el auge de los pisos turísticos explican, según los expertos, buena parte de la subida de los precios.',
  'El banco central justificó su decisión por la incertidumbre que rodea a la economía internacional y por la necesidad de consolidar la bajada de la inflación.',
  'Los mercados financieros reaccionaron con calma al anuncio, que ya había sido descontado por la mayoría de los inversores en las semanas anteriores.',
  'La inversión se destinará a la construcción de {num} parques solares y a la modernización de la red eléctrica en varias regiones del país.',
  'Con este proyecto, la empresa espera generar alrededor de {miles} empleos directos e indirectos durante la fase de construcción.',
  'Las ventas al exterior de maquinaria, vehículos y productos químicos lideraron el crecimiento, mientras que las de productos textiles se estancaron.',
  'La operación, dirigida por la fiscalía anticorrupción, permitió desmantelar una red de sociedades pantalla que habría defraudado más de {millones} millones.',
  'Los investigadores registraron {num} domicilios y oficinas en {ciudad} y otras tres ciudades, donde se intervino abundante documentación contable.',
  'Entre los detenidos figuran varios empresarios del sector de la construcción y un antiguo funcionario de la administración tributaria.',
  'El sector del turismo recibió en {mes} a más de {num} millones de visitantes extranjeros, una cifra que supera los niveles previos a la pandemia.',
  'Las asociaciones de consumidores denunciaron que las empresas no han trasladado a los precios finales la bajada de los costes de las materias primas.',
  'El ministerio de Trabajo confirmó que el salario mínimo aumentará un {pct} % a partir del próximo {mes}, tras el acuerdo alcanzado con los sindicatos.',
  'Las patronales, sin embargo, advirtieron de que la subida podría poner en peligro la viabilidad de muchas pequeñas y medianas empresas.',
  'En {pais}, la tasa de desempleo juvenil sigue por encima del {num} %, una de las más altas entre las economías de su entorno.',
  'La ministra de Educación presentó un plan para reducir el abandono escolar temprano, que incluye más becas y refuerzos en las materias troncales.',
  'El hospital universitario de {ciudad} incorporará el próximo año un nuevo equipo de diagnóstico por imagen que permitirá reducir las listas de espera.',
  'Los médicos de atención primaria reclaman más personal y denuncian que la falta de recursos obliga a atender a más de {num} pacientes al día.',
  'El tráfico aéreo registró un aumento del {pct} % respecto al mismo mes del año anterior, impulsado por los vuelos internacionales.',
  'Las obras de la nueva línea de tren de alta velocidad entre {ciudad} y la costa acumulan un retraso de casi dos años y un sobrecoste considerable.',
  'La empresa pública de ferrocarriles atribuyó los retrasos a problemas técnicos en la señalización y a la escasez de maquinistas en algunas líneas.',
  'Los agricultores de la región temen que la sequía reduzca la cosecha de cereales en más de un {num} % y reclaman ayudas urgentes a las administraciones.',
  'Las reservas de agua de los embalses se sitúan por debajo del {num} % de su capacidad, el nivel más bajo registrado en las últimas tres décadas.',
  'El Ejecutivo aprobó un decreto que limita el riego en determinadas zonas y prevé compensaciones económicas para los productores afectados.',
  'El informe, elaborado por un grupo de economistas independientes, recomienda simplificar los trámites administrativos para atraer inversión extranjera.',
  'Varias multinacionales han trasladado en los últimos meses su sede regional a {ciudad}, atraídas por las ventajas fiscales y la calidad de sus infraestructuras.',
  'Fuentes del sector explicaron que la demanda de energía eléctrica se ha mantenido estable pese al aumento de las temperaturas durante el verano.',
  'La Comisión Nacional de los Mercados abrió un expediente sancionador contra varias compañías por presuntas prácticas contrarias a la competencia.',
  'El Tribunal Supremo anuló la norma al considerar que el Gobierno se había excedido en sus competencias al aprobarla sin consultar a las comunidades.',
  'Se espera que el Consejo de Ministros apruebe el proyecto de ley antes de que termine el año, para que pueda entrar en vigor el próximo {mes}.',
  'La encuesta, realizada a más de {miles} personas, revela que la mayoría de los ciudadanos considera que la situación económica ha empeorado en el último año.',
  'Los partidos de la coalición de gobierno mantienen discrepancias sobre el calendario de la reforma, lo que podría retrasar su tramitación parlamentaria.',
];

/** Phrases that may become a link (the first of them in the chosen paragraph becomes an <a>). */
const LINKABLE = [
  ['su último informe', /su último informe/],
  ['los datos publicados', /los datos publicados/],
  ['un comunicado', /un comunicado/],
  ['El informe', /El informe(?=, elaborado)/],
  ['La encuesta', /La encuesta(?=, realizada)/],
];

const pick = (rand, list) => list[Math.floor(rand() * list.length)];
const pct = (rand) => (1 + rand() * 14).toFixed(1).replace('.', ',');
/** 1234 → "1.234" (Spanish thousands separator; not Intl, whose output depends on the ICU build). */
const thousands = (n) => String(n).replace(/\B(?=(\d{3})+$)/g, '.');
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function fill(template, rand, ctx) {
  return template.replace(/\{(\w+)\}/g, (_, key) => {
    switch (key) {
      case 'pais': return ctx.pais;
      case 'pais2': return ctx.pais2;
      case 'ciudad': return ctx.ciudad;
      case 'empresa': return ctx.empresa;
      case 'cargo': return pick(rand, CARGOS);
      case 'organismo': return pick(rand, ORGANISMOS);
      case 'Organismo': return cap(pick(rand, ORGANISMOS));
      case 'sector': return ctx.sector;
      case 'mes': return pick(rand, MESES);
      case 'dia': return pick(rand, DIAS);
      case 'num': return String(2 + Math.floor(rand() * 94));
      case 'millones': return thousands(100 + Math.floor(rand() * 9400));
      case 'miles': return thousands(1000 + Math.floor(rand() * 9000));
      case 'pct': return pct(rand);
      case 'anio': return String(2008 + Math.floor(rand() * 12));
      case 'anio2': return String(2027 + Math.floor(rand() * 6));
      default: throw new Error(`unknown slot {${key}}`);
    }
  });
}

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const MIN_CHARS = 2500;
export const MAX_CHARS = 4000;

/**
 * Item k (0-based) of the benchmark, from `seed`:
 * { title, html, text, chars } where `text` is the plain body (paragraphs joined by blank lines)
 * and `chars` = title + body text characters (what is translated, without markup).
 */
export function spanishItem(k, seed = 20260505) {
  const rand = prng((seed ^ Math.imul(k + 1, 0x9e3779b1)) >>> 0);
  const ctx = { pais: pick(rand, PAISES), ciudad: pick(rand, CIUDADES), empresa: pick(rand, EMPRESAS), sector: pick(rand, SECTORES) };
  do ctx.pais2 = pick(rand, PAISES); while (ctx.pais2 === ctx.pais);
  const title = fill(pick(rand, TITLES), rand, ctx);
  const target = MIN_CHARS + Math.floor(rand() * (MAX_CHARS - MIN_CHARS + 1)) - title.length;
  const paragraphs = 4 + Math.floor(rand() * 5);

  // Sentences in a shuffled order, no repeat within an item, until the target length.
  const order = SENTENCES.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const sentences = [];
  let length = 0;
  for (const i of order) {
    const s = fill(SENTENCES[i], rand, ctx);
    // Joined by a space inside a paragraph, a blank line between paragraphs: ~1–2 characters each;
    // the dateline adds up to ~30. A sentence that would pass MAX_CHARS is skipped.
    if (sentences.length >= paragraphs && title.length + length + s.length + 40 > MAX_CHARS) continue;
    sentences.push(s);
    length += s.length + 1;
    if (length >= target && sentences.length >= paragraphs) break;
  }

  // Split into `paragraphs` runs of consecutive sentences, as evenly as possible.
  const paras = [];
  for (let p = 0, at = 0; p < paragraphs; p++) {
    const n = Math.round((sentences.length - at) / (paragraphs - p));
    paras.push(sentences.slice(at, at + n));
    at += n;
  }
  const dateline = rand() < 0.5 ? `${ctx.ciudad.toUpperCase()} (${pick(rand, AGENCIAS)}).` : null;
  const linkAt = rand() < 0.35 ? paras.findIndex((ss) => LINKABLE.some(([, re]) => ss.some((x) => re.test(x)))) : -1;
  const host = pick(rand, MEDIOS);

  const textParas = paras.map((ss, p) => (p === 0 && dateline ? `${dateline} ` : '') + ss.join(' '));
  const htmlParas = paras.map((ss, p) => {
    let body = escapeHtml(ss.join(' '));
    if (p === linkAt) {
      const hit = LINKABLE.find(([, re]) => re.test(body));
      if (hit) body = body.replace(hit[1], (m) => `<a href="https://${host}/informes/${k + 1}">${m}</a>`);
    }
    return `<p>${p === 0 && dateline ? `<strong>${escapeHtml(dateline)}</strong> ` : ''}${body}</p>`;
  });
  const text = textParas.join('\n\n');
  return { title, html: htmlParas.join('\n'), text, chars: title.length + text.length };
}
