/** An eighteenth held-out batch, written blind from the facts of Kingfisher's rules for vendors no earlier batch names, every value a template run, scored once before any tuning. */
export const BLIND18_POSITIVES: readonly (readonly [string, string])[] = [
  // --- messaging and SMS ---
  ['d7networks-key-bare', 'd7network key «{b23}=»'],
  [
    'd7networks-basic-token-curl',
    'curl -s https://rest-api.d7networks.com/secure/balance \\\n  -H "Authorization: Basic «{b23}=»"  # d7network api token',
  ],
  [
    'tyntec-api-key-python-header',
    'TYNTEC_API_KEY = "«{a32}»"\nresp = requests.get("https://api.tyntec.com/2fa/v1/application", headers={"apiKey": TYNTEC_API_KEY})',
  ],
  ['voodoosms-key-env', '# sms fallback for UK numbers\nVOODOOSMS_API_KEY=«{a46}»\nVOODOOSMS_SENDER=AcmeAlerts'],
  ['voodoosms-token-bare', 'voodoosms_token: «{a46}»'],
  [
    'semaphore-sms-apikey-php',
    "<?php\n// semaphore.co sms gateway (PH)\n$semaphoreApiKey = '«{l32}»';\n$ch = curl_init('https://api.semaphore.co/api/v4/messages?apikey=' . $semaphoreApiKey);",
  ],
  ['teletype-app-key-env', 'TELETYPE_API_KEY=«{a64}»\nTELETYPE_CHANNEL=support-wa'],
  [
    'helpcrunch-private-key-node',
    "// helpcrunch REST client\nconst HELPCRUNCH_PRIVATE_KEY = '«{b326}==»';\nconst hc = axios.create({ baseURL: 'https://api.helpcrunch.com/v1', headers: { Authorization: `Bearer ${HELPCRUNCH_PRIVATE_KEY}` } });",
  ],
  ['chatbot-com-token-bare', 'chatbot token «{a32}»'],
  [
    'getgist-access-token-yaml',
    'integrations:\n  getgist:\n    workspace: acme-support\n    access_token: «{a66}==»\n    sync_contacts: true',
  ],
  [
    'instabot-api-key-header',
    'curl https://api.instabot.io/v1/conversations \\\n  -H "X-Instabot-Api-Key: «{b43}=»"  # instabot key for the onboarding bot',
  ],
  ['teamwork-desk-token-env', '# teamwork desk inbox sync\nTEAMWORK_SITE=acme.teamwork.com\nTEAMWORK_DESK_TOKEN=«tkn.v1_{a71}=»'],
  ['teamwork-crm-token-bare', 'teamworkcrm token «tkn.v1_{a71}=»'],

  // --- email, marketing, validation ---
  [
    'mailmodo-key-header-curl',
    'curl -X POST https://api.mailmodo.com/api/v1/triggerCampaign/welcome \\\n  -H "mmApiKey: «{u7}-{u7}-{u7}-{u7}»" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"email":"dana@acme.io"}\'  # mailmodo key',
  ],
  ['mailmodo-key-bare', 'mailmodo_key: «{u7}-{u7}-{u7}-{u7}»'],
  [
    'convertkit-api-secret-ruby',
    "# config/initializers/convertkit.rb\nConvertkit.configure do |config|\n  config.api_key    = ENV['CONVERTKIT_API_KEY']\n  config.api_secret = '«{a22}»'\nend",
  ],
  ['convertkit-key-bare', 'ConvertkitSecret «{a22}»'],
  [
    'getresponse-api-key-header-python',
    'getresponse_api_key = "«{l32}»"\nheaders = {"X-Auth-Token": f"api-key {getresponse_api_key}"}\nr = requests.get("https://api.getresponse.com/v3/campaigns", headers=headers)',
  ],
  ['getresponse-token-bare', 'getresponse token «{l32}»'],
  [
    'mailboxlayer-access-key-js',
    "const MAILBOXLAYER_ACCESS_KEY = '«{h32}»';\nconst url = `https://apilayer.net/api/check?access_key=${MAILBOXLAYER_ACCESS_KEY}&email=${encodeURIComponent(email)}`;",
  ],
  ['verimail-key-env', 'VERIMAIL_API_KEY=«{u32}»\nVERIMAIL_TIMEOUT_MS=4000'],
  ['debounce-key-bare', 'debounce_key: «{a13}»'],
  [
    'debounce-api-key-settings-json',
    '{\n  "emailValidation": {\n    "provider": "debounce",\n    "debounceApiKey": "«{a13}»",\n    "rejectDisposable": true\n  }\n}',
  ],
  [
    'reachmail-token-csharp',
    'var client = new HttpClient();\n// ReachMail account token\nclient.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", "«{B64}»");\nvar me = await client.GetStringAsync("https://services.reachmail.net/administration/users/current");',
  ],
  ['vbout-key-bare', 'vbout key «{d25}»'],
  [
    'vbout-api-key-query-log',
    'DEBUG 2024-06-02 10:14:07 http GET https://api.vbout.com/1/emailmarketing/getlists.json?key=«{d25}» -> 200 (vbout key from settings)',
  ],
  [
    'mailsac-key-header-node',
    "const mailsac = axios.create({\n  baseURL: 'https://mailsac.com/api',\n  headers: { 'Mailsac-Key': '«k_{a40}»' },\n});",
  ],
  ['mailsac-key-bare', 'mailsac token «k_{a38}»'],
  ['dyspatch-key-env', 'DYSPATCH_API_KEY=«{u52}»\nDYSPATCH_API_VERSION=2020.11'],
  [
    'autoklose-api-token-query',
    '# autoklose sequences export\nAUTOKLOSE_API_TOKEN=\'«{a32}»\'\ncurl "https://api.autoklose.com/api/campaigns/?api_token=$AUTOKLOSE_API_TOKEN"',
  ],
  ['bombbomb-token-bare', 'bombbomb_token: «{b86}==»'],
  [
    'leadfeeder-token-header',
    'curl https://api.leadfeeder.com/accounts \\\n  -H "Authorization: Token token=«{a43}»"  # leadfeeder api key',
  ],
  ['interseller-key-env', 'INTERSELLER_API_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}»\nINTERSELLER_TEAM=outbound-emea'],
  [
    'madkudu-key-python',
    'import os, requests\n\nMADKUDU_API_KEY = "«{h32}»"  # madkudu secret key\nresp = requests.get("https://api.madkudu.com/v1/persons", params={"email": "dana@acme.io"}, auth=(MADKUDU_API_KEY, ""))',
  ],

  // --- payments, finance, crypto data ---
  [
    'moonclerk-token-header-ruby',
    "conn = Faraday.new('https://api.moonclerk.com') do |f|\n  # moonclerk api key\n  f.headers['Authorization'] = 'Token token=«{l32}»'\n  f.headers['Accept'] = 'application/vnd.moonclerk+json;version=1'\nend",
  ],
  ['moonclerk-key-bare', 'MoonclerkSecret «{l32}»'],
  ['paydirtapp-key-yaml', 'billing:\n  paydirtapp:\n    api_key: «{l32}»\n    invoice_prefix: ACME-'],
  [
    'bitcoinaverage-key-header-go',
    'req, _ := http.NewRequest("GET", "https://apiv2.bitcoinaverage.com/indices/global/ticker/BTCUSD", nil)\n// bitcoinaverage public key\nreq.Header.Set("x-ba-key", "«{a43}»")',
  ],
  ['cryptocompare-key-env', 'CRYPTOCOMPARE_API_KEY=«{h64}»\nCRYPTOCOMPARE_FSYMS=BTC,ETH,SOL'],
  ['cryptocompare-key-bare', 'cryptocompare_key: «{h64}»'],
  [
    'fmp-apikey-python',
    'FMP_KEY = "«{a32}»"  # financialmodelingprep api key\nurl = f"https://financialmodelingprep.com/api/v3/profile/AAPL?apikey={FMP_KEY}"',
  ],
  ['finage-api-key-env', 'FINAGE_API_KEY=«{u32}»\nFINAGE_SOCKET=wss://w29hxx2ndd.finage.ws:6001'],
  ['finage-key-bare', 'finage API_KEY «{u32}»'],
  ['fastforex-key-toml', '[fx]\nprovider = "fastforex"\napi_key = "«{l8}-{l8}-{l10}»"\nbase = "EUR"'],
  [
    'exchangerate-api-key-url-kotlin',
    'private const val EXCHANGERATE_API_KEY = "«{l24}»"\nval url = "https://v6.exchangerate-api.com/v6/$EXCHANGERATE_API_KEY/latest/USD"',
  ],
  ['simfin-key-bare', 'simfin key «{a32}»'],
  [
    'simfin-api-key-python-sdk',
    'import simfin as sf\n\nsf.set_api_key("«{a32}»")  # simfin api key, paid tier\nsf.set_data_dir("~/simfin_data/")',
  ],
  ['technicalanalysisapi-key-env', 'TECHNICALANALYSISAPI_KEY=«{u48}»\nTA_SYMBOLS=BTC,ETH'],

  // --- CI/CD, testing, dev tooling ---
  [
    'sonarcloud-token-github-actions',
    '- name: SonarCloud Scan\n  uses: SonarSource/sonarcloud-github-action@v2\n  env:\n    GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n    SONAR_TOKEN: «{h40}»',
  ],
  ['sonarcloud-token-bare', 'sonar_token: «{h40}»'],
  [
    'sonarcloud-token-maven-cli',
    'mvn verify org.sonarsource.scanner.maven:sonar-maven-plugin:sonar \\\n  -Dsonar.host.url=https://sonarcloud.io -Dsonar.organization=acme \\\n  -Dsonar.token=«{h40}»',
  ],
  [
    'scrutinizer-access-token-query',
    'curl "https://scrutinizer-ci.com/api/repositories/g/acme/api/inspections?access_token=«{l64}»"  # scrutinizer token',
  ],
  ['scrutinizer-token-bare', 'scrutinizer_token: «{l64}»'],
  [
    'knapsackpro-token-ci-env',
    'env:\n  KNAPSACK_PRO_CI_NODE_TOTAL: 4\n  KNAPSACK_PRO_TEST_SUITE_TOKEN_RSPEC: «{l32}»\nsteps:\n  - run: bundle exec rake knapsack_pro:rspec',
  ],
  ['knapsackpro-key-bare', 'knapsackpro key «{l32}»'],
  ['loadmill-token-npm-script', '"scripts": {\n  "e2e:loadmill": "loadmill --token «{a40}» --test-suite smoke --wait"\n}'],
  ['loadmill-token-bare', 'LoadmillSecret «{a40}»'],
  [
    'dareboost-token-json-body',
    'curl -X POST https://api.dareboost.com/0.8/analysis/launch \\\n  -H "Content-Type: application/json" \\\n  -d \'{"token":"«{a60}»","url":"https://acme.io","location":"Paris"}\'  # dareboost',
  ],
  [
    'mockaroo-key-query',
    'curl "https://api.mockaroo.com/api/generate.json?key=«{l8}»&schema=customers&count=500" > seed/customers.json  # mockaroo key',
  ],
  ['pipedream-key-env', '# pipedream workflows (connect)\nPIPEDREAM_API_KEY=«{l32}»\nPIPEDREAM_PROJECT_ID=proj_{a7}'],
  ['pipedream-key-bare', 'pipedream_key: «{l32}»'],
  [
    'sigopt-token-python',
    'from sigopt import Connection\n\nconn = Connection(client_token="«{u48}»")  # sigopt api token\nexperiment = conn.experiments().create(name="lr-sweep", parameters=params)',
  ],
  ['sigopt-token-bare', 'sigopt token «{u48}»'],
  ['appoptics-token-config', '# appoptics agent (solarwinds)\nAPPOPTICS_SERVICE_KEY=«{B71}»:acme-api\nAPPOPTICS_LOG_LEVEL=info'],
  ['appoptics-token-bare', 'appoptics_token = «{B71}»'],
  [
    'statuspal-key-header',
    'curl https://statuspal.io/api/v1/status_pages/acme/incidents \\\n  -H "Authorization: «{a32}»"  # statuspal api key',
  ],
  [
    'geckoboard-key-node',
    "const gb = require('geckoboard')('«{a44}»'); // geckoboard api key\ngb.datasets.findOrCreate({ id: 'sales.by_day', fields }, cb);",
  ],
  ['klipfolio-api-key-header', 'curl https://app.klipfolio.com/api/1.0/datasources \\\n  -H "kf-api-key: «{h40}»"  # klipfolio key'],
  ['klipfolio-key-bare', 'klipfolio_key: «{h40}»'],
  ['stitchdata-token-terraform', 'provider "stitch" {\n  # stitchdata api token\n  token = "«{l35}»"\n}'],
  ['fulcrum-token-env', 'FULCRUM_API_TOKEN=«{l80}»\nFULCRUM_FORM_ID={h8}-{h4}-{h4}-{h4}-{h12}'],

  // --- AI, language and media APIs ---
  [
    'edenai-key-python',
    'EDENAI_API_KEY = "«{a36}.{a92}.{a43}»"\nheaders = {"Authorization": f"Bearer {EDENAI_API_KEY}"}\nr = requests.post("https://api.edenai.run/v2/text/moderation", json=payload, headers=headers)',
  ],
  ['edenai-key-bare', 'edenai key «{a36}.{a92}.{a43}»'],
  [
    'deepai-api-key-curl',
    "curl -F 'text=the quarterly report looks great' \\\n  -H 'api-key:«{h8}-{h4}-{h4}-{h4}-{h12}»' \\\n  https://api.deepai.org/api/sentiment-analysis  # deepai key",
  ],
  ['deepai-key-bare', 'deepai_key: «{h8}-{h4}-{h4}-{h4}-{h12}»'],
  [
    'dandelion-token-query',
    'DANDELION_TOKEN=«{l32}»\ncurl "https://api.dandelion.eu/datatxt/nex/v1/?text=Mona%20Lisa&token=$DANDELION_TOKEN"',
  ],
  ['uclassify-key-bare', 'uclassify key «{a12}»'],
  [
    'uclassify-read-key-header',
    'curl -X POST https://api.uclassify.com/v1/uClassify/Sentiment/classify \\\n  -H "Authorization: Token «{a12}»" \\\n  -d \'{"texts":["love the new dashboard"]}\'  # uclassify read key',
  ],
  [
    'speechtext-ai-key-query',
    'curl -X POST "https://api.speechtext.ai/recognize?key=«{h32}»&language=en-US&punctuation=true&format=m4a" \\\n  -H "Content-Type: application/octet-stream" --data-binary @call.m4a  # speechtext key',
  ],
  [
    'cloudmersive-key-csharp',
    '// cloudmersive validate api\nConfiguration.Default.AddApiKey("Apikey", "«{h8}-{h4}-{h4}-{h4}-{h12}»");\nvar api = new EmailApi();',
  ],
  ['enigma-key-header', 'ENIGMA_API_KEY=«{a40}»\ncurl -H "x-api-key: $ENIGMA_API_KEY" https://api.enigma.com/businesses/match'],
  [
    'iconfinder-key-bearer',
    'curl -H "Authorization: Bearer «{a64}»" "https://api.iconfinder.com/v4/icons/search?query=rocket"  # iconfinder api key',
  ],
  ['iconfinder-key-bare', 'iconfinder_key: «{a64}»'],
  [
    'html2pdf-key-json',
    'curl -X POST https://api.html2pdf.app/v1/generate \\\n  -H "Content-Type: application/json" \\\n  -d \'{"html":"<h1>Invoice 4411</h1>","apiKey":"«{a64}»"}\'  # html2pdf key',
  ],
  [
    'selectpdf-key-url',
    '# selectpdf html to pdf\nSELECTPDF_KEY=\'«{h8}-{h4}-{h4}-{h4}-{h12}»\'\nwget -O out.pdf "https://selectpdf.com/api2/convert/?key=$SELECTPDF_KEY&url=https://acme.io/invoice/4411"',
  ],
  ['docparser-key-bare', 'docparser_key: «{h40}»'],
  ['docparser-api-key-php', "$docparser = new \\Docparser\\Docparser('«{h40}»'); // docparser secret api key\n$docparser->ping();"],
  ['cloudimage-key-env', 'CLOUDIMAGE_TOKEN=acmecdn\nCLOUDIMAGE_API_KEY=«{l30}»  # cloudimage invalidation key'],

  // --- scraping, search, geo and data APIs ---
  ['serphouse-token-bearer', 'curl -H "Authorization: Bearer «{a60}»" https://api.serphouse.com/account/info  # serphouse api token'],
  ['serphouse-key-bare', 'serphouse key «{a60}»'],
  ['scrapeowl-key-json', '{\n  "scraper": "scrapeowl",\n  "scrapeowl_api_key": "«{l30}»",\n  "render_js": true\n}'],
  [
    'webscrapingapi-key-query',
    'WEBSCRAPING_API_KEY=«{a32}»\ncurl "https://api.webscrapingapi.com/v1?api_key=$WEBSCRAPING_API_KEY&url=https%3A%2F%2Facme.io"',
  ],
  [
    'zenscrape-key-header',
    'curl -H "apikey: «{h8}-{h4}-{h4}-{h4}-{h12}»" "https://app.zenscrape.com/api/v1/get?url=https://acme.io"  # zenscrape key',
  ],
  ['zenscrape-key-bare', 'zenscrape_key: «{h8}-{h4}-{h4}-{h4}-{h12}»'],
  [
    'browshot-key-query',
    '# browshot screenshot farm\nBROWSHOT_KEY=\'«{a28}»\'\ncurl "https://api.browshot.com/api/v1/screenshot/create?url=https://acme.io&instance_id=12&key=$BROWSHOT_KEY"',
  ],
  [
    'ipinfodb-key-go',
    'const ipinfodbKey = "«{l64}»" // ipinfodb api key\nurl := fmt.Sprintf("https://api.ipinfodb.com/v3/ip-city/?key=%s&ip=%s&format=json", ipinfodbKey, ip)',
  ],
  ['ipinfodb-key-bare', 'ipinfodb key «{l64}»'],
  ['vpnapi-key-python', 'VPNAPI_KEY = "«{a32}»"  # vpnapi.io key\nr = requests.get(f"https://vpnapi.io/api/{ip}?key={VPNAPI_KEY}")'],
  ['zipcodeapi-key-url', 'curl "https://www.zipcodeapi.com/rest/«{a64}»/distance.json/02139/10001/mile"  # zipcodeapi key in the path'],
  ['zipcodeapi-key-bare', 'zipcodeapi_key: «{a64}»'],
  ['zipcodebase-key-env', 'ZIPCODEBASE_API_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}»\nZIPCODEBASE_COUNTRY=de'],
  ['route4me-key-query', 'curl "https://api.route4me.com/api.v4/address_book.php?api_key=«{H32}»&limit=50"  # route4me api key'],
  ['route4me-key-bare', 'route4me key «{H32}»'],
  [
    'cicero-key-python',
    'CICERO_API_KEY = "«{l40}»"\nr = requests.get("https://cicero.azavea.com/v3.1/official", params={"search_loc": addr, "key": CICERO_API_KEY})',
  ],
  [
    'upcdatabase-key-header',
    'curl -H "Authorization: Bearer «{u32}»" https://api.upcdatabase.org/product/0885909950805  # upcdatabase api key',
  ],
  ['upcdatabase-key-bare', 'upcdatabase token «{u32}»'],
  [
    'worldweatheronline-key-query',
    'WORLDWEATHER_KEY=«{l31}»\ncurl "https://api.worldweatheronline.com/premium/v1/weather.ashx?q=Oslo&format=json&key=$WORLDWEATHER_KEY"',
  ],
  [
    'sportmonks-token-query',
    'SPORTSMONK_API_TOKEN=«{a60}»\ncurl "https://soccer.sportmonks.com/api/v2.0/fixtures/date/2024-06-02?api_token=$SPORTSMONK_API_TOKEN"',
  ],
  [
    'ritekit-client-id-query',
    'curl "https://api.ritekit.com/v1/stats/hashtag-suggestions?text=launch%20day&client_id=«{h44}»"  # ritekit key',
  ],
  ['ritekit-token-bare', 'ritekit_token: «{h44}»'],
  [
    'blogger-api-key-js',
    "// blogger api key (restricted to acme.io)\nconst BLOGGER_API_KEY = '«AIza{a35}»';\nfetch(`https://www.googleapis.com/blogger/v3/blogs/${blogId}/posts?key=${BLOGGER_API_KEY}`);",
  ],
  ['buddyns-token-header', 'curl -H "Authorization: Token «{l40}»" https://www.buddyns.com/api/v2/zone/  # buddyns api key'],
  ['buddyns-key-bare', 'buddyns key «{l40}»'],
  ['bulbul-api-key-query', 'BULBUL_API_KEY=«{l32}»\ncurl "https://prod-api.bulbul.io/view_all_users?api_key=$BULBUL_API_KEY"'],
  ['shipday-key-basic', 'SHIPDAY_API_KEY=«{a10}.{a20}»\nSHIPDAY_CARRIER_POOL=city-centre'],
  ['planyo-key-query', 'curl "https://www.planyo.com/rest/?method=list_reservations&api_key=«{l62}»&site_id=41200"  # planyo api key'],
  ['checio-commerce-secret-key', '# commerce.js (chec) admin scripts\nCHECIO_SECRET_KEY=«pk_{l45}»\nCHEC_API_URL=https://api.chec.io/v1'],

  // --- productivity, CRM, project tools ---
  ['goodday-token-header', 'curl -H "gd-api-token: «{l32}»" https://api.goodday.work/2.0/projects  # goodday api token'],
  ['goodday-key-bare', 'goodday key «{l32}»'],
  [
    'everhour-key-header-js',
    "const everhour = axios.create({\n  baseURL: 'https://api.everhour.com',\n  headers: { 'X-Api-Key': '«{h4}-{h4}-{h6}-{h6}-{h8}»' }, // everhour\n});",
  ],
  ['everhour-key-bare', 'everhour key «{h4}-{h4}-{h6}-{h6}-{h8}»'],
  ['meistertask-token-env', 'MEISTERTASK_TOKEN=«{a43}»\nMEISTERTASK_PROJECT=Launch Q3'],
  [
    'mindmeister-token-python',
    'MINDMEISTER_ACCESS_TOKEN = "«{a43}»"\nr = requests.get("https://www.mindmeister.com/api/v2/maps", headers={"Authorization": f"Bearer {MINDMEISTER_ACCESS_TOKEN}"})',
  ],
  ['mavenlink-token-yaml', 'mavenlink:\n  base_url: https://api.mavenlink.com/api/v1\n  oauth_token: «{l64}»'],
  ['mavenlink-key-bare', 'mavenlink key «{l64}»'],
  ['zenkit-api-key-header', 'curl -H "Zenkit-API-Key: «{l8}-{a32}»" https://zenkit.com/api/v1/users/me/workspacesWithLists  # zenkit key'],
  ['tallyfy-token-env', 'TALLYFY_ACCESS_TOKEN=«{a36}.{a264}.{B683}»\nTALLYFY_ORG_ID={h32}'],
  ['tmetric-token-bare', 'tmetric token «{u64}»'],
  ['tmetric-token-bearer', 'curl -H "Authorization: Bearer «{u64}»" https://app.tmetric.com/api/v3/user  # tmetric api token'],
  [
    'prodpad-key-bearer',
    'curl -H "Authorization: Bearer «{h64}»" -H "Accept: application/json" https://api.prodpad.com/v1/ideas  # prodpad api key',
  ],
  ['prodpad-key-bare', 'ProdpadSecret «{h64}»'],
  ['streak-key-basic-user', 'curl -u «{h32}»: https://www.streak.com/api/v1/pipelines  # streak api key as basic-auth user'],
  ['streak-key-bare', 'streak_key: «{h32}»'],
  [
    'dynalist-token-json',
    'curl -X POST https://dynalist.io/api/v1/file/list \\\n  -H "Content-Type: application/json" \\\n  -d \'{"token":"«{B128}»"}\'  # dynalist secret token',
  ],
  ['formcraft-key-basic', 'FORMCRAFT_ACCESS_KEY=«{l16}»\ncurl -u "$FORMCRAFT_ACCESS_KEY:" https://formcrafts.com/api/v1/forms'],
  ['vyte-token-env', '# vyte scheduling\nVYTE_API_TOKEN=«{l50}»\nVYTE_CALENDAR=sales-demo'],
  [
    'rentman-token-bearer',
    'curl -H "Authorization: Bearer «eyJ{a33}.eyJ{a210}.{B43}»" https://api.rentman.net/projects  # rentman api token',
  ],
  [
    'livestorm-token-header',
    'curl https://api.livestorm.co/v1/events \\\n  -H "Authorization: «eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJhcGkubGl2ZXN0b3JtLmNvIiwianRpIjoi{a134}.{B43}»"  # livestorm api token',
  ],
  ['documo-token-basic', 'curl -H "Authorization: Basic «ey{a34}.ey{a154}.{B43}»" https://api.documo.com/v1/fax/history  # documo api key'],

  // --- surveys and feedback ---
  [
    'surveysparrow-token-bearer',
    'curl -H "Authorization: Bearer «{B88}»" https://api.surveysparrow.com/v3/surveys  # surveysparrow access token',
  ],
  ['surveysparrow-token-bare', 'surveysparrow token «{B88}»'],
  ['surveybot-key-header', 'curl -H "X-Api-Key: «{a80}»" "https://app.surveybot.io/api/v1/surveys?page=1"  # surveybot key'],
  ['zonka-feedback-token-env', 'ZONKA_API_TOKEN=«{a36}»\nZONKA_REGION=us1'],
  ['zonka-token-bare', 'zonka token «{a36}»'],
  ['qualaroo-key-basic', 'curl -H "Authorization: Basic «{a62}==»" https://api.qualaroo.com/api/v1/nudges  # qualaroo api key'],
  [
    'noticeable-key-graphql',
    'curl -X POST https://api.noticeable.io/graphql \\\n  -H "Authorization: Apikey «{a20}»" \\\n  -H "Content-Type: application/json" -d @changelog-query.json  # noticeable',
  ],
  [
    'signaturit-token-bearer',
    'curl -H "Authorization: Bearer «{a86}»" https://api.signaturit.com/v3/signatures.json  # signaturit access token',
  ],
  ['signaturit-token-bare', 'signaturit token «{a86}»'],
];

export const BLIND18_NEGATIVES: readonly (readonly [string, string])[] = [
  ['reference', '- run: mvn -B verify sonar:sonar -Dsonar.token=${{ secrets.SONAR_TOKEN }} -Dsonar.organization=acme'],
  ['docs', 'Generate a SonarCloud token under My Account → Security and pass it as `-Dsonar.token=<token>`.'],
  ['masked', 'SONAR_TOKEN=****************************************'],
  ['public-id', 'sonar.projectKey=acme_payments-api\nsonar.organization=acme\nsonar.host.url=https://sonarcloud.io'],
  [
    'public-id',
    "const client = new DeliveryClient({ environmentId: '{h8}-{h4}-{h4}-{h4}-{h12}' }); // kontent.ai environment id, public in every delivery URL",
  ],
  ['docs', 'Mailmodo keys look like four groups of seven upper-case characters; send them in the mmApiKey header.'],
  ['masked', 'mmApiKey: XXXXXXX-XXXXXXX-XXXXXXX-XXXXXXX'],
  ['reference', 'CONVERTKIT_API_SECRET=${CONVERTKIT_API_SECRET:?convertkit secret missing}'],
  ['identifier', '{"subscriber": {"id": {d9}, "email_address": "dana@acme.io", "state": "active"}}  // convertkit webhook'],
  ['docs', 'getresponse: put your API key in the X-Auth-Token header as `api-key <your_api_key>`.'],
  ['digest', 'sha256({h64})  getresponse-export-2024-06.csv'],
  ['too-short', 'debounce: 300  # milliseconds before the search box fires'],
  ['css-html-js', 'const onInput = debounce((value) => search(value), 250); // lodash debounce, not an API key'],
  ['identifier', 'vbout list id 104233 synced, 4211 contacts (vbout campaign 91827364)'],
  ['masked', "headers: { 'Mailsac-Key': 'k_********' }"],
  ['identifier', 'paydirtapp invoice #{d6} paid by client {h24}'],
  ['docs', 'BitcoinAverage keys come in pairs: a public key sent as x-ba-key and a secret key used to sign the payload.'],
  ['reference', 'CRYPTOCOMPARE_API_KEY: "{{ vault `kv/data/market` `cryptocompare_key` }}"'],
  ['docs', 'financialmodelingprep: append `?apikey=YOUR_API_KEY` to any endpoint; the free plan allows 250 calls per day.'],
  ['public-id', '{"symbol":"AAPL","cik":"0000320193","isin":"US0378331005","cusip":"037833100"}  // fmp profile'],
  ['reference', 'env:\n  KNAPSACK_PRO_TEST_SUITE_TOKEN_RSPEC: ${{ secrets.KNAPSACK_PRO_TEST_SUITE_TOKEN_RSPEC }}'],
  ['identifier', 'loadmill test suite run {h8}-{h4}-{h4}-{h4}-{h12} passed (42 flows, 3m12s)'],
  ['docs', 'Mockaroo keys are short (8 characters); pass them as ?key=<your key> on every request.'],
  ['identifier', 'pipedream workflow p_{a7} emitted event evt_{a24} to the http source'],
  ['masked', 'sigopt token: ************************************************'],
  ['identifier', 'statuspal incident 48211 resolved on status page acme (subdomain acme.statuspal.io)'],
  ['reference', 'const gb = require("geckoboard")(process.env.GECKOBOARD_API_KEY);'],
  ['docs', 'EdenAI uses a bearer token (a JWT) from the dashboard; set it as EDENAI_API_KEY and never commit it.'],
  ['css-html-js', '<span class="deepai-badge" data-model="text2img" data-theme="dark"></span>'],
  ['identifier', 'dandelion entity https://en.wikipedia.org/wiki/Mona_Lisa (confidence 0.82, spot "Mona Lisa")'],
  ['docs', 'uClassify read keys and write keys are 12 characters; use the read key for classify calls.'],
  ['digest', 'md5({h32}) of the speechtext transcript for call 5521'],
  ['identifier', 'ipinfodb says 203.0.113.7 is in Oslo, NO (latitude 59.91, longitude 10.75)'],
  ['public-id', 'https://www.zipcodeapi.com/rest/<api_key>/info.json/02139/degrees'],
  ['identifier', 'route4me optimization problem {H32} finished: 14 routes, 212 stops'],
  ['digest', 'commit {h40}\nAuthor: Dana Roe <dana@acme.io>\n\n    streak: move pipeline sync to the nightly job'],
  ['identifier', 'everhour task id ev:{d12}, project ev:{d10}, time 2h 15m'],
  ['masked', 'TALLYFY_ACCESS_TOKEN=<paste from Settings → Integrations → REST API>'],
  ['uuid', 'zonka survey {h8}-{h4}-{h4}-{h4}-{h12} got 311 responses this week'],
  ['reference', 'signaturit:\n  token: ${SIGNATURIT_ACCESS_TOKEN}\n  sandbox: true'],
  ['too-short', 'surveybot survey 8F2Q is live at https://app.surveybot.io/s/8F2Q'],
  ['docs', 'Livestorm API tokens are JWTs; create one under Account settings → Integrations → Public API.'],
  ['public-id', 'blogger blog id 4561237890123456789 (public, in every post URL)'],
];
