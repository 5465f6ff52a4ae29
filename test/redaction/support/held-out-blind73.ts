/** A seventy-third held-out batch, written blind: credentials in research, academic and HPC tooling (REDCap, Qualtrics, NCBI, ORCID, Zenodo/Figshare/OSF/Dataverse, Globus, iRODS, Slurm/LDAP/Kerberos, Ceph/Wasabi/B2, R/MATLAB/Stata/SAS) and in enterprise SaaS administration scripts (Salesforce, ServiceNow, Workday, SAP, NetSuite, Microsoft, Atlassian, Zendesk, HubSpot, Marketo, Okta, Snowflake, Tableau, PowerShell, SOAP), with look-alike ids and references as negatives: every value a template run, every text written for the batch. */
export const BLIND73_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'ent73-redcap-token-pycap-project-ctor',
    'from redcap import Project\napi_url = "https://redcap.med.univ.edu/api/"\nproject = Project(api_url, "«{H32}»")\ndf = project.export_records(format_type="df", forms=["demographics"])',
  ],
  [
    'ent73-redcap-token-curl-form-post',
    "curl -s -X POST https://redcap.research.org/api/ \\\n  -d token=«{H32}» \\\n  -d content=record -d format=json -d type=flat \\\n  -d 'fields[0]=record_id' | jq length",
  ],
  [
    'ent73-redcap-token-renviron-per-project',
    '# ~/.Renviron on the analysis VM\nREDCAP_URI=https://redcap.ctsi.univ.edu/api/\nREDCAP_TOKEN_SLEEPSTUDY=«{H32}»\nR_LIBS_USER=~/R/x86_64-pc-linux-gnu-library/4.3',
  ],
  [
    'ent73-redcap-super-token-httr-project-create',
    'resp <- httr::POST(\n  "https://redcap.ctsi.univ.edu/api/",\n  body = list(token = "«{H64}»", content = "project", format = "json",\n              data = jsonlite::toJSON(list(list(project_title = "PILOT-2024", purpose = 1)), auto_unbox = TRUE))\n)',
  ],
  [
    'ent73-redcap-token-redcapr-read-oneshot',
    'ds <- REDCapR::redcap_read_oneshot(\n  redcap_uri = "https://redcap.hsc.univ.edu/redcap/api/",\n  token      = "«{H32}»",\n  forms      = c("enrollment", "visit_1")\n)$data',
  ],
  [
    'ent73-redcap-tokens-etl-yaml-two-projects',
    'redcap:\n  url: https://redcap.vumc.org/api/\n  projects:\n    baseline: { pid: 14231, token: «{H32}» }\n    followup: { pid: 14232, token: «{H32}» }\n  batch_size: 500',
  ],
  [
    'ent73-redcap-token-sbatch-python-argv',
    '#SBATCH --job-name=redcap-nightly\n#SBATCH --time=00:20:00\nmodule load python/3.11\npython pull_redcap.py --pid 8812 --token «{H32}» --out /project/ctsi/raw/',
  ],
  [
    'ent73-qualtrics-key-qualtrics-r-credentials',
    'library(qualtRics)\nqualtrics_api_credentials(api_key = "«{a40}»",\n                          base_url = "univ.ca1.qualtrics.com",\n                          install = TRUE)\nsurveys <- all_surveys()',
  ],
  [
    'ent73-qualtrics-token-curl-export-responses',
    'curl -s -X POST \\\n  -H "X-API-TOKEN: «{a40}»" \\\n  -H "Content-Type: application/json" \\\n  -d \'{"format":"csv"}\' \\\n  "https://iad1.qualtrics.com/API/v3/surveys/SV_{a15}/export-responses"',
  ],
  [
    'ent73-qualtrics-oauth-client-secret-requests-tuple',
    'resp = requests.post(\n    "https://yul1.qualtrics.com/oauth2/token",\n    auth=("{h32}", "«{a64}»"),\n    data={"grant_type": "client_credentials", "scope": "manage:all"},\n)',
  ],
  [
    'ent73-surveymonkey-bearer-python-session',
    's = requests.Session()\ns.headers.update({\n    "Authorization": "Bearer «{B96}»",\n    "Content-Type": "application/json",\n})\nr = s.get("https://api.surveymonkey.com/v3/surveys?per_page=50")',
  ],
  [
    'ent73-ncbi-api-key-biopython-entrez',
    'from Bio import Entrez\nEntrez.email = "r.okafor@lab.univ.edu"\nEntrez.api_key = "«{h36}»"\nhandle = Entrez.esearch(db="pubmed", term="CRISPR[Title] AND 2023[PDAT]", retmax=200)',
  ],
  [
    'ent73-ncbi-api-key-eutils-wget-url',
    'wget -O hits.xml "https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esearch.fcgi?db=nuccore&term=txid9606%5BOrganism%5D&retmax=500&api_key=«{h36}»"',
  ],
  ['ent73-ncbi-entrez-key-renviron', '# rentrez picks this up automatically\nENTREZ_KEY=«{h36}»\nR_MAX_VSIZE=64Gb'],
  [
    'ent73-ncbi-api-key-edirect-sbatch-export',
    '#!/bin/bash\n#SBATCH -p short -c 2 --mem=4G\nexport NCBI_API_KEY=«{h36}»\nesearch -db protein -query "kinase AND human[orgn]" | efetch -format fasta > kinases.fa',
  ],
  [
    'ent73-orcid-client-secret-member-api-curl',
    'curl -i -H "Accept: application/json" \\\n  -d "client_id=APP-{u16}" \\\n  -d "client_secret=«{h8}-{h4}-{h4}-{h4}-{h12}»" \\\n  -d "grant_type=client_credentials" -d "scope=/read-public" \\\n  https://orcid.org/oauth/token',
  ],
  [
    'ent73-orcid-token-response-json-access-and-refresh',
    '{"access_token":"«{h8}-{h4}-{h4}-{h4}-{h12}»","token_type":"bearer","refresh_token":"«{h8}-{h4}-{h4}-{h4}-{h12}»","expires_in":631138518,"scope":"/read-limited","name":"Amara Okafor","orcid":"0000-0002-{d4}-{d4}"}',
  ],
  [
    'ent73-orcid-bearer-works-request-python',
    'ORCID_ID = "0000-0003-{d4}-{d4}"\nheaders = {"Accept": "application/vnd.orcid+json",\n           "Authorization": "Bearer «{h8}-{h4}-{h4}-{h4}-{h12}»"}\nworks = requests.get(f"https://api.orcid.org/v3.0/{ORCID_ID}/works", headers=headers).json()',
  ],
  [
    'ent73-zenodo-token-python-deposition-create',
    'ACCESS_TOKEN = "«{a60}»"\nr = requests.post("https://zenodo.org/api/deposit/depositions",\n                  params={"access_token": ACCESS_TOKEN}, json={})\nbucket_url = r.json()["links"]["bucket"]',
  ],
  [
    'ent73-zenodo-sandbox-token-curl-bucket-put',
    'curl --progress-bar -o /dev/null --upload-file dist/model-v2.tar.gz \\\n  "https://sandbox.zenodo.org/api/files/{h8}-{h4}-{h4}-{h4}-{h12}/model-v2.tar.gz?access_token=«{a60}»"',
  ],
  [
    'ent73-figshare-token-header-curl',
    'curl -s -H "Authorization: token «{h128}»" \\\n  "https://api.figshare.com/v2/account/articles?page_size=100" | jq \'.[].id\' ',
  ],
  ['ent73-figshare-token-ini-config', '[figshare]\nbase_url = https://api.figshare.com/v2\ntoken = «{h128}»\nproject_id = {d6}'],
  ['ent73-osf-pat-osfclient-env-clone', 'export OSF_USERNAME=m.tanaka@univ.edu\nexport OSF_TOKEN=«{a70}»\nosf -p {l5} clone ./osf_mirror'],
  [
    'ent73-osf-pat-bearer-files-curl',
    'curl -H "Authorization: Bearer «{a70}»" \\\n     "https://api.osf.io/v2/nodes/{l5}/files/osfstorage/?page[size]=100"',
  ],
  [
    'ent73-osf-password-osfclient-config-env',
    "$ cat .osfcli.config\n[osf]\nusername = l.fischer@uni-jena.de\nproject = {l5}\n$ export OSF_PASSWORD='«{a10}!{a5}»' ",
  ],
  [
    'ent73-dataverse-key-header-curl-create-dataset',
    'curl -H "X-Dataverse-key:«{h8}-{h4}-{h4}-{h4}-{h12}»" -X POST \\\n  "https://dataverse.harvard.edu/api/dataverses/hydrolab/datasets" \\\n  --upload-file dataset.json -H "Content-type:application/json"',
  ],
  [
    'ent73-dataverse-key-pydataverse-nativeapi',
    'from pyDataverse.api import NativeApi\napi = NativeApi("https://borealisdata.ca", "«{h8}-{h4}-{h4}-{h4}-{h12}»")\nresp = api.get_dataset("doi:10.5683/SP3/{U6}")',
  ],
  [
    'ent73-dataverse-key-query-param-access-log',
    '[2024-05-02 11:04:19] GET /api/access/datafile/{d7}?key=«{h8}-{h4}-{h4}-{h4}-{h12}»&format=original 200 14.2MB',
  ],
  [
    'ent73-globus-client-secret-sdk-confidential-app',
    'CLIENT_ID = "{h8}-{h4}-{h4}-{h4}-{h12}"\nCLIENT_SECRET = "«{b43}=»"\nclient = globus_sdk.ConfidentialAppAuthClient(CLIENT_ID, CLIENT_SECRET)\ntokens = client.oauth2_client_credentials_tokens(requested_scopes=globus_sdk.TransferClient.scopes.all)',
  ],
  [
    'ent73-globus-cli-env-client-secret-transfer',
    'export GLOBUS_CLI_CLIENT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nexport GLOBUS_CLI_CLIENT_SECRET=«{b43}=»\nglobus transfer {h8}-{h4}-{h4}-{h4}-{h12}:/scratch/run42/ {h8}-{h4}-{h4}-{h4}-{h12}:/archive/run42/ --recursive --label "run42 archive"',
  ],
  [
    'ent73-globus-tokens-json-access-refresh',
    '{"transfer.api.globus.org": {"scope": "urn:globus:auth:scope:transfer.api.globus.org:all",\n  "access_token": "«Ag{a60}»", "refresh_token": "«Ag{a80}»",\n  "expires_at_seconds": 1717500000, "token_type": "Bearer"}}',
  ],
  [
    'ent73-globus-gcs-node-setup-secret-env',
    "sudo GCS_CLI_CLIENT_SECRET='«{b43}=»' \\\n  globus-connect-server node setup --client-id {h8}-{h4}-{h4}-{h4}-{h12} --ip-address 10.20.4.11",
  ],
  [
    'ent73-mendeley-client-secret-python-sdk',
    'from mendeley import Mendeley\nmendeley = Mendeley(client_id={d4}, client_secret="«{a16}»",\n                    redirect_uri="http://localhost:5000/oauth")\nauth = mendeley.start_client_credentials_flow()',
  ],
  [
    'ent73-zotero-key-pyzotero-ctor',
    'from pyzotero import zotero\nzot = zotero.Zotero("{d7}", "group", "«{a24}»")\nitems = zot.top(limit=25)',
  ],
  [
    'ent73-zotero-key-api-header-curl',
    'curl -s -H "Zotero-API-Key: «{a24}»" -H "Zotero-API-Version: 3" \\\n  "https://api.zotero.org/users/{d7}/items?format=bibtex&limit=100" > refs.bib',
  ],
  [
    'ent73-semantic-scholar-key-requests-headers',
    'S2 = "https://api.semanticscholar.org/graph/v1/paper/batch"\nr = requests.post(S2, params={"fields": "title,year,citationCount"},\n                  headers={"x-api-key": "«{a40}»"}, json={"ids": ids})',
  ],
  [
    'ent73-elsevier-apikey-and-insttoken-headers',
    'GET https://api.elsevier.com/content/search/scopus?query=AFFIL(univ)&count=25\nAccept: application/json\nX-ELS-APIKey: «{h32}»\nX-ELS-Insttoken: «{h32}»',
  ],
  [
    'ent73-springer-nature-key-query-url',
    'resp = requests.get("https://api.springernature.com/meta/v2/json",\n    params={"q": "doi:10.1007/s00125-023-05912-0", "api_key": "«{h32}»"})',
  ],
  [
    'ent73-ieee-xplore-key-python-const',
    'IEEE_API_KEY = "«{l24}»"\nurl = f"https://ieeexploreapi.ieee.org/api/v1/search/articles?querytext=lidar&max_records=200&apikey={IEEE_API_KEY}"',
  ],
  [
    'ent73-wos-starter-key-header-curl',
    'curl -s "https://api.clarivate.com/apis/wos-starter/v1/documents?q=AU=Okafor&limit=50" \\\n  -H "X-ApiKey: «{h40}»"',
  ],
  ['ent73-dimensions-key-dimcli-ini', '# ~/.dimensions/dsl.ini\n[instance.live]\nurl=https://app.dimensions.ai\nkey=«{H32}»'],
  [
    'ent73-nasa-ads-token-bearer-and-env',
    'export ADS_API_TOKEN=«{a40}»\ncurl -H "Authorization: Bearer $ADS_API_TOKEN" \\\n  "https://api.adsabs.harvard.edu/v1/search/query?q=author:%22Okafor%22&fl=bibcode,title"',
  ],
  [
    'ent73-earthdata-netrc-password',
    '$ cat ~/.netrc\nmachine urs.earthdata.nasa.gov login jdoe_hydro password «{a12}!{a4}»\n$ chmod 0600 ~/.netrc',
  ],
  ['ent73-cdsapirc-key-uuid', '$ cat ~/.cdsapirc\nurl: https://cds.climate.copernicus.eu/api\nkey: «{h8}-{h4}-{h4}-{h4}-{h12}»'],
  [
    'ent73-cdsapirc-legacy-uid-colon-key',
    'url: https://cds.climate.copernicus.eu/api/v2\nkey: {d6}:«{h8}-{h4}-{h4}-{h4}-{h12}»\nverify: 1',
  ],
  [
    'ent73-kaggle-json-key-cat',
    '$ cat ~/.kaggle/kaggle.json\n{"username":"mlau","key":"«{h32}»"}\n$ kaggle datasets download -d nih-chest-xrays/data',
  ],
  [
    'ent73-wandb-api-key-sbatch-export',
    '#SBATCH --gres=gpu:a100:2\n#SBATCH --cpus-per-task=16\nexport WANDB_API_KEY=«{h40}»\nexport WANDB_PROJECT=protein-lm\nsrun python train.py --config configs/esm_650m.yaml',
  ],
  [
    'ent73-openml-apikey-config-file',
    '$ cat ~/.config/openml/config\napikey = «{h32}»\nserver = https://www.openml.org/api/v1/xml\ncachedir = /scratch/jdoe/openml',
  ],
  [
    'ent73-galaxy-key-bioblend-instance',
    'from bioblend.galaxy import GalaxyInstance\ngi = GalaxyInstance(url="https://usegalaxy.eu", key="«{h32}»")\nhist = gi.histories.create_history(name="rnaseq-batch7")',
  ],
  [
    'ent73-synapse-authtoken-synapseconfig',
    '$ cat ~/.synapseConfig\n[authentication]\nusername = kchen\nauthtoken = «eyJ0eXAiOiJKV1QiLCJraWQiOiJXN05OOldMSlQ6SjVSSzpMN1RMOlQ3TDc6M1ZYNjpKRU9VOjY0NFI6VTNJWDo1S1oyOjdaQ0s6RlBUSCIsImFsZyI6IlJTMjU2In0.eyJ{B120}.{B86}»',
  ],
  ['ent73-labkey-apikey-netrc', 'machine labkey.cri.univ.edu\nlogin apikey\npassword «apikey|{h32}»'],
  [
    'ent73-xnat-alias-token-secret-curl',
    'curl -u {h8}-{h4}-{h4}-{h4}-{h12}:«{a64}» \\\n  "https://xnat.imaging.univ.edu/data/projects/ADNI_LOCAL/subjects?format=json"',
  ],
  [
    'ent73-nextflow-config-ceph-s3-secretkey',
    "aws {\n  accessKey = '{U20}'\n  secretKey = '«{a40}»'\n  client {\n    endpoint = 'https://s3.ceph.hpc.univ.edu'\n    s3PathStyleAccess = true\n  }\n}",
  ],
  [
    'ent73-ceph-radosgw-admin-user-create-secret',
    '$ radosgw-admin user create --uid=lab-imaging --display-name="Imaging Lab"\n{\n    "user_id": "lab-imaging",\n    "keys": [\n        { "user": "lab-imaging", "access_key": "{U20}", "secret_key": "«{a40}»" }\n    ],',
  ],
  [
    'ent73-s3cfg-ceph-rgw-secret-key',
    '[default]\nhost_base = rgw.storage.univ.edu\nhost_bucket = rgw.storage.univ.edu\naccess_key = {U20}\nsecret_key = «{a40}»\nuse_https = True',
  ],
  [
    'ent73-rclone-conf-wasabi-secret',
    '[wasabi]\ntype = s3\nprovider = Wasabi\naccess_key_id = {U20}\nsecret_access_key = «{a40}»\nendpoint = s3.us-east-2.wasabisys.com',
  ],
  ['ent73-b2-account-authorize-cli-appkey', '$ b2 account authorize 004{h12}000000000{d1} «K004{a27}»\nUsing https://api.backblazeb2.com'],
  [
    'ent73-b2-restic-env-account-key',
    'export B2_ACCOUNT_ID=005{h12}000000000{d1}\nexport B2_ACCOUNT_KEY=«K005{a27}»\nrestic -r b2:lab-backups:/cluster backup /project/lab --exclude-caches',
  ],
  [
    'ent73-b2-sdk-authorize-account-python',
    'info = InMemoryAccountInfo()\nb2_api = B2Api(info)\nb2_api.authorize_account("production", "003{h12}000000000{d1}", "«K003{a27}»")',
  ],
  [
    'ent73-irodsa-scrambled-password-cat',
    '$ ls -la ~/.irods/\n-rw------- 1 jdoe jdoe  63 Mar  4 09:12 .irodsA\n-rw-r--r-- 1 jdoe jdoe 312 Mar  4 09:11 irods_environment.json\n$ cat ~/.irods/.irodsA\n«{a22}»',
  ],
  [
    'ent73-irods-python-session-password',
    'with iRODSSession(host="irods.hpc.univ.edu", port=1247, user="svc_pipeline",\n                  password="«{a16}»", zone="univZone") as session:\n    coll = session.collections.get("/univZone/home/svc_pipeline/raw")',
  ],
  [
    'ent73-irods-setup-json-zone-and-negotiation-keys',
    '"server_config": {\n    "zone_name": "univZone",\n    "zone_key": "«{a24}»",\n    "negotiation_key": "«{a32}»",\n    "server_control_plane_key": "«{a32}»",\n    "zone_port": 1247\n}',
  ],
  [
    'ent73-irods-iinit-herestring-in-job',
    "module load irods/4.3\niinit <<< '«{a14}»'\niput -K -r results/ /univZone/projects/genomics/run_0412/",
  ],
  [
    'ent73-sssd-ldap-default-authtok',
    '[domain/hpc.univ.edu]\nid_provider = ldap\nldap_uri = ldaps://ldap.univ.edu\nldap_default_bind_dn = cn=hpc-sssd,ou=services,dc=univ,dc=edu\nldap_default_authtok_type = password\nldap_default_authtok = «{a20}»',
  ],
  [
    'ent73-ldapsearch-w-flag-bind-password',
    'ldapsearch -x -H ldaps://ldap.univ.edu \\\n  -D "uid=svc-slurm,ou=svc,dc=univ,dc=edu" -w \'«{a10}#{a6}»\' \\\n  -b "ou=groups,dc=univ,dc=edu" "(cn=hpc-lab-*)" memberUid',
  ],
  [
    'ent73-nslcd-bindpw',
    '# /etc/nslcd.conf\nuri ldaps://ldap.univ.edu/\nbase dc=univ,dc=edu\nbinddn cn=nslcd-ro,ou=services,dc=univ,dc=edu\nbindpw «{a18}»',
  ],
  [
    'ent73-kinit-echo-password-sbatch',
    "#!/bin/bash\n#SBATCH --job-name=hdfs-sync\n#SBATCH --account=def-mlab\necho '«{a12}%{a4}»' | kinit svc-hdfs@HPC.UNIV.EDU\nhdfs dfs -put -f results/ /projects/mlab/",
  ],
  [
    'ent73-ktutil-addent-password-heredoc',
    'ktutil <<EOF\naddent -password -p jdoe@UNIV.EDU -k 3 -e aes256-cts-hmac-sha1-96\n«{a14}»\nwkt /home/jdoe/.jdoe.keytab\nEOF',
  ],
  [
    'ent73-slurmdbd-conf-storagepass',
    '# /etc/slurm/slurmdbd.conf\nDbdHost=slurmdb01\nStorageType=accounting_storage/mysql\nStorageHost=mariadb.hpc.univ.edu\nStorageUser=slurm\nStoragePass=«{a24}»',
  ],
  [
    'ent73-munge-key-base64-dump',
    '$ sudo dd if=/dev/urandom bs=128 count=1 of=/etc/munge/munge.key\n$ sudo base64 -w0 /etc/munge/munge.key\n«{b170}==»',
  ],
  [
    'ent73-slurm-jwt-scontrol-token-output',
    '$ scontrol token lifespan=7200\nSLURM_JWT=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B60}.{B43}»',
  ],
  [
    'ent73-slurmrestd-curl-user-token-header',
    'curl -s -H "X-SLURM-USER-NAME: jdoe" \\\n  -H "X-SLURM-USER-TOKEN: «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ{B64}.{B43}»" \\\n  http://slurmrestd.hpc.univ.edu:6820/slurm/v0.0.40/jobs',
  ],
  [
    'ent73-slurm-jwt-hs256-key-base64',
    '$ sudo base64 -w0 /var/spool/slurm/statesave/jwt_hs256.key\n«{b43}=»\n$ grep AuthAlt /etc/slurm/slurm.conf\nAuthAltTypes=auth/jwt',
  ],
  [
    'ent73-sbatch-export-pgpassword',
    '#!/bin/bash\n#SBATCH --export=ALL,PGPASSWORD=«{a16}»\n#SBATCH --mem=8G\npsql -h pg.research.univ.edu -U cohort_ro -d ukb -f extract.sql',
  ],
  [
    'ent73-cluster-bashrc-multiple-research-keys',
    '# ~/.bashrc on login1.hpc.univ.edu\nmodule load gcc/12.2 cuda/12.1\nexport WANDB_API_KEY=«{h40}»\nexport NCBI_API_KEY=«{h36}»\nexport PATH=$HOME/.local/bin:$PATH',
  ],
  [
    'ent73-lmod-lua-gurobi-wlssecret',
    '-- /opt/modulefiles/gurobi/11.0.lua\nsetenv("GUROBI_HOME", "/opt/gurobi1100/linux64")\nsetenv("WLSACCESSID", "{h8}-{h4}-{h4}-{h4}-{h12}")\nsetenv("WLSSECRET", "«{h8}-{h4}-{h4}-{h4}-{h12}»")\nsetenv("LICENSEID", "{d7}")',
  ],
  [
    'ent73-gurobi-lic-wls-file',
    '# Gurobi WLS license file\n# Your credentials are private and should not be shared or copied to public repositories.\nWLSACCESSID={h8}-{h4}-{h4}-{h4}-{h12}\nWLSSECRET=«{h8}-{h4}-{h4}-{h4}-{h12}»\nLICENSEID={d7}',
  ],
  [
    'ent73-tcl-modulefile-clinical-db-password',
    '#%Module1.0\nmodule-whatis "Clinical warehouse client"\nprepend-path PATH /opt/cdw/bin\nsetenv CDW_USER cdw_reader\nsetenv CDW_PASSWORD «{a16}»',
  ],
  [
    'ent73-jupyter-token-url-slurm-out',
    '$ tail -n 4 slurm-{d7}.out\n    To access the server, open this file in a browser:\n        file:///home/jdoe/.local/share/jupyter/runtime/jpserver-{d6}-open.html\n    Or copy and paste one of these URLs:\n        http://gpu-node042:8888/lab?token=«{h48}»',
  ],
  [
    'ent73-jupyter-server-config-token',
    '# ~/.jupyter/jupyter_server_config.py\nc.ServerApp.ip = "0.0.0.0"\nc.ServerApp.port = 8899\nc.IdentityProvider.token = "«{h48}»"',
  ],
  [
    'ent73-jupyterhub-cilogon-client-secret',
    'c.JupyterHub.authenticator_class = "cilogon"\nc.CILogonOAuthenticator.client_id = "cilogon:/client_id/{h32}"\nc.CILogonOAuthenticator.client_secret = "«{B64}»"\nc.CILogonOAuthenticator.oauth_callback_url = "https://jupyter.hpc.univ.edu/hub/oauth_callback"',
  ],
  [
    'ent73-jupyterhub-service-api-token',
    'c.JupyterHub.services = [\n    {"name": "idle-culler", "api_token": "«{h64}»",\n     "command": ["python3", "-m", "jupyterhub_idle_culler", "--timeout=3600"]},\n]',
  ],
  [
    'ent73-ood-portal-oidc-client-secret',
    '# /etc/ood/config/ood_portal.yml\nservername: ondemand.hpc.univ.edu\noidc_uri: /oidc\noidc_provider_metadata_url: https://idp.univ.edu/realms/hpc/.well-known/openid-configuration\noidc_client_id: ondemand-prod\noidc_client_secret: "«{a32}»"',
  ],
  [
    'ent73-ood-dex-ldap-bindpw',
    'dex:\n  connectors:\n    - type: ldap\n      id: ldap\n      config:\n        host: ldap.univ.edu:636\n        bindDN: cn=ood-dex,ou=services,dc=univ,dc=edu\n        bindPW: «{a20}»',
  ],
  [
    'ent73-tidycensus-census-api-key-call',
    'library(tidycensus)\ncensus_api_key("«{h40}»", install = TRUE, overwrite = TRUE)\nacs <- get_acs(geography = "tract", variables = "B19013_001", state = "OH", year = 2022)',
  ],
  ['ent73-renviron-census-and-github-pat', 'CENSUS_API_KEY=«{h40}»\nGITHUB_PAT=«ghp_{a36}»\nR_LIBS_USER=/home/jdoe/R/4.3'],
  [
    'ent73-r-dbi-odbc-connect-pwd',
    'con <- DBI::dbConnect(odbc::odbc(),\n  Driver = "ODBC Driver 18 for SQL Server", Server = "rdwsql01.med.univ.edu",\n  Database = "OMOP_CDM", UID = "r_analyst", PWD = "«{a12}@{a4}»",\n  TrustServerCertificate = "yes")',
  ],
  [
    'ent73-rprofile-site-redcap-token-option',
    '# /usr/lib/R/etc/Rprofile.site (shared lab server)\noptions(repos = c(CRAN = "https://cloud.r-project.org"))\noptions(redcap.token = "«{H32}»")',
  ],
  [
    'ent73-matlab-database-connect-password',
    'conn = database("omop","ra_jlee","«{a14}»", ...\n    "Vendor","PostgreSQL","Server","pg.research.univ.edu","PortNumber",5432);\ndata = fetch(conn, "SELECT person_id, year_of_birth FROM cdm.person LIMIT 1000");',
  ],
  [
    'ent73-matlab-installer-input-file-installation-key',
    '# installer_input.txt for the silent install on compute nodes\ndestinationFolder=/opt/MATLAB/R2024a\nfileInstallationKey=«{d5}-{d5}-{d5}-{d5}-{d5}-{d5}-{d5}-{d5}»\nagreeToLicense=yes\nlicensePath=/opt/MATLAB/network.lic',
  ],
  [
    'ent73-stata-odbc-connectionstring-pwd',
    'odbc load, exec("SELECT * FROM cohort.visits WHERE site_id = 12") ///\n    connectionstring("DRIVER={ODBC Driver 17 for SQL Server};SERVER=sqlrds02.univ.edu;DATABASE=Trials;UID=stata_ro;PWD=«{a14}»") clear',
  ],
  [
    'ent73-sas-libname-oracle-plain-password',
    'libname dw oracle user=sasdw password="«{a12}»"\n        path="//ora-scan.univ.edu:1521/DWPRD" schema=CLIN readbuff=5000;',
  ],
  ['ent73-sas-libname-sas002-encoded-password', 'libname ods odbc dsn=ods_prod user=sas_etl password="«{SAS002}{H32}»" schema=dbo;'],
  [
    'ent73-sas-pwencode-sas004-log-output',
    '24   proc pwencode in=_PROMPT_ method=sas004; run;\n\n«{SAS004}{H48}»\nNOTE: PROCEDURE PWENCODE used (Total process time):',
  ],
  [
    'ent73-sas-odbc-noprompt-pwd',
    'libname edw odbc noprompt="driver=ODBC Driver 17 for SQL Server;server=edw-sql.univ.edu;uid=sas_reader;pwd=«{a14}»;database=EDW" schema=rpt;',
  ],
  [
    'ent73-sas-metapass-options',
    'options metaserver="sasmeta.univ.edu" metaport=8561\n        metauser="sasadm@saspw" metapass="«{a14}»" metarepository="Foundation";',
  ],
  [
    'ent73-apptainer-docker-password-env-pat',
    'export APPTAINER_DOCKER_USERNAME=labbot\nexport APPTAINER_DOCKER_PASSWORD=«dckr_pat_{B27}»\napptainer pull docker://labbot/alphafold:2.3.2',
  ],
  [
    'ent73-apptainer-registry-login-password-flag',
    'apptainer registry login --username jdoe --password «{a20}» oras://registry.hpc.univ.edu',
  ],
  [
    'ent73-pip-conf-artifactory-userinfo',
    '# /etc/pip.conf on the cluster image\n[global]\nindex-url = https://svc-hpc:«{a20}»@artifactory.univ.edu/artifactory/api/pypi/pypi-remote/simple\ntrusted-host = artifactory.univ.edu',
  ],
  [
    'ent73-spack-mirror-add-s3-secret-flag',
    'spack mirror add --s3-access-key-id {U20} \\\n  --s3-access-key-secret «{a40}» \\\n  --s3-endpoint-url https://s3.ceph.hpc.univ.edu lab-cache s3://spack-buildcache',
  ],
  [
    'ent73-dvc-remote-modify-local-secret',
    'dvc remote add -d ceph s3://dvc-lab/data\ndvc remote modify ceph endpointurl https://rgw.storage.univ.edu\ndvc remote modify --local ceph access_key_id {U20}\ndvc remote modify --local ceph secret_access_key «{a40}»',
  ],
  [
    'ent73-omero-login-w-password',
    'omero login -s omero.lab.univ.edu -p 4064 -u jlee -w «{a12}»\nomero import -d {d5} /scratch/jlee/confocal/2024-05-11/',
  ],
  [
    'ent73-crossref-plus-token-header',
    'curl -H "Crossref-Plus-API-Token: Bearer «eyJhbGciOiJIUzI1NiJ9.eyJ{B80}.{B43}»" \\\n  "https://api.crossref.org/works?filter=from-pub-date:2024-01-01&rows=1000&mailto=lib@univ.edu"',
  ],
  [
    'ent73-datacite-repository-password-curl',
    'curl -X POST -H "Content-Type: application/vnd.api+json" \\\n  --user UNIV.HYDRO:«{a16}» -d @doi.json https://api.test.datacite.org/dois',
  ],
  ['ent73-core-ac-uk-api-key-url', 'GET https://api.core.ac.uk/v3/search/works?q=title%3A%22soil%20carbon%22&limit=100&api_key=«{a32}»'],
  [
    'ent73-https-proxy-userinfo-cluster-bashrc',
    '# campus proxy for compute nodes without NAT\nexport https_proxy=http://jdoe:«{a12}»@proxy.univ.edu:3128\nexport no_proxy=localhost,.hpc.univ.edu',
  ],
  ['ent73-sshpass-rsync-dtn', "sshpass -p '«{a14}»' rsync -av --progress results/ jdoe@dtn.hpc.univ.edu:/scratch/jdoe/results/"],
  [
    'ent73-mlflow-tracking-password-env',
    'export MLFLOW_TRACKING_URI=https://mlflow.lab.univ.edu\nexport MLFLOW_TRACKING_USERNAME=lab\nexport MLFLOW_TRACKING_PASSWORD=«{a20}»\npython train.py --epochs 50',
  ],
  [
    'ent73-hpc-chat-prose-redcap-token',
    'hey, the REDCap export in the cron job started failing with 403 since this morning. the token it uses is «{H32}» and the project is pid 4471 on redcap.med.univ.edu, can you see why?',
  ],
  [
    'ent73-hpc-chat-prose-irods-password',
    'irods keeps asking me to iinit on every node. I put password «{a14}» in the job script but it still fails on gpu-node11, any idea?',
  ],
  [
    'ent73-jupyter-lab-notebook-cell-zenodo-token',
    'In [3]: import os, requests\n   ...: tok = "«{a60}»"\n   ...: requests.get("https://zenodo.org/api/deposit/depositions", params={"access_token": tok}).status_code\nOut[3]: 200',
  ],
  [
    'ent73-redcap-php-api-data-entry-trigger',
    "<?php\n$data = array('token' => '«{H32}»', 'content' => 'record', 'format' => 'json',\n              'type' => 'flat', 'records' => array($_POST['record']));\n$ch = curl_init('https://redcap.univ.edu/api/');",
  ],
  [
    'ent73-snakemake-config-yaml-tokens',
    '# config/config.yaml\nredcap_url: https://redcap.univ.edu/api/\nredcap_token: «{H32}»\nncbi_api_key: «{h36}»\nthreads: 8',
  ],
  [
    'ent73-xnat-password-pyxnat-connect',
    'import pyxnat\ncentral = pyxnat.Interface(server="https://xnat.imaging.univ.edu",\n                           user="mri_pipe", password="«{a10}${a5}»")',
  ],
  [
    'ent73-sfdx-auth-url-platformcli-file-cat',
    '$ cat authurl.txt\nforce://PlatformCLI::«5Aep861{a79}»@acme--uat.sandbox.my.salesforce.com\n$ sf org login sfdx-url --sfdx-url-file authurl.txt --alias uat',
  ],
  [
    'ent73-sf-org-display-verbose-json-token-and-url',
    '{\n  "status": 0,\n  "result": {\n    "id": "00D{a15}",\n    "accessToken": "«00D{a12}!AQ{a4}AQ{B86}»",\n    "instanceUrl": "https://acme.my.salesforce.com",\n    "username": "release.bot@acme.com",\n    "sfdxAuthUrl": "force://PlatformCLI::«5Aep861{a79}»@acme.my.salesforce.com"\n  }\n}',
  ],
  ['ent73-sfdx-auth-url-with-client-secret-and-refresh', 'SFDX_AUTH_URL=force://3MVG9{B82}:«{H64}»:«5Aep861{a79}»@acme.my.salesforce.com'],
  [
    'ent73-sfdx-auth-url-gha-echo-literal',
    '      - name: Authenticate DevHub\n        run: |\n          echo "force://PlatformCLI::«5Aep861{a79}»@acme-devhub.my.salesforce.com" > ./DEVHUB_SFDX_URL.txt\n          sf org login sfdx-url -f ./DEVHUB_SFDX_URL.txt -d -a devhub',
  ],
  [
    'ent73-simple-salesforce-password-and-security-token',
    'from simple_salesforce import Salesforce\nsf = Salesforce(username="integration@acme.com",\n                password="«{a14}»",\n                security_token="«{a24}»",\n                domain="login")',
  ],
  [
    'ent73-salesforce-soap-login-password-with-token-appended',
    '<soapenv:Body>\n  <urn:login>\n    <urn:username>etl.user@acme.com</urn:username>\n    <urn:password>«{a12}{a24}»</urn:password>\n  </urn:login>\n</soapenv:Body>',
  ],
  [
    'ent73-jsforce-login-password-plus-token-concat',
    "const conn = new jsforce.Connection({ loginUrl: 'https://test.salesforce.com' });\nawait conn.login('api@acme.com.uat', '«{a10}!{a3}»' + '«{a24}»');\nconst res = await conn.query('SELECT Id, Name FROM Account LIMIT 10');",
  ],
  [
    'ent73-salesforce-connected-app-secret-dotenv',
    'SF_LOGIN_URL=https://login.salesforce.com\nSF_CLIENT_ID=3MVG9{B82}\nSF_CLIENT_SECRET=«{H64}»\nSF_USERNAME=mulesoft.int@acme.com',
  ],
  [
    'ent73-salesforce-oauth-password-grant-curl',
    'curl https://login.salesforce.com/services/oauth2/token \\\n  -d grant_type=password \\\n  -d client_id=3MVG9{B82} \\\n  -d client_secret=«{H64}» \\\n  -d username=reports@acme.com \\\n  -d password=«{a12}{a24}»',
  ],
  [
    'ent73-salesforce-rest-bearer-access-token-curl',
    'curl https://acme.my.salesforce.com/services/data/v60.0/sobjects/Account/001{a15} \\\n  -H "Authorization: Bearer «00D{a12}!AQ{a4}AQ{B86}»" -H "X-PrettyPrint:1"',
  ],
  [
    'ent73-salesforce-jwt-server-key-pem',
    '$ cat config/server.key\n«-----BEGIN PRIVATE KEY-----\n{b64}\n{b64}\n{b64}\n{b40}==\n-----END PRIVATE KEY-----»\n$ sf org login jwt --client-id 3MVG9{B82} --jwt-key-file config/server.key --username ci@acme.com',
  ],
  ['ent73-salesforce-sid-cookie-workbench', 'Cookie: sid=«00D{a12}!AQ{a4}AQ{B86}»; sid_Client=0000{a11}; oid=00D{a15}; inst=APS'],
  [
    'ent73-marketing-cloud-client-secret-json',
    '{\n  "subdomain": "mc{l25}",\n  "clientId": "{l24}",\n  "clientSecret": "«{a24}»",\n  "accountId": "{d9}"\n}',
  ],
  [
    'ent73-anypoint-connected-app-secret-cli-conf',
    'anypoint-cli-v4 conf client_id {h32}\nanypoint-cli-v4 conf client_secret «{h32}»\nanypoint-cli-v4 conf organization {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'ent73-apex-hardcoded-external-api-key',
    "public with sharing class GeoCodeService {\n    private static final String API_KEY = '«{a32}»';\n    public static HttpResponse lookup(String addr) {\n        HttpRequest req = new HttpRequest();\n        req.setHeader('X-Api-Key', API_KEY);",
  ],
  [
    'ent73-salesforce-refresh-token-grant-python',
    'data = {"grant_type": "refresh_token",\n        "client_id": "3MVG9{B82}",\n        "client_secret": "«{H64}»",\n        "refresh_token": "«5Aep861{a79}»"}\ntok = requests.post("https://login.salesforce.com/services/oauth2/token", data=data).json()',
  ],
  [
    'ent73-salesforce-dataloader-config-properties-password',
    'sfdc.endpoint=https://acme.my.salesforce.com\nsfdc.username=dataloader@acme.com\nsfdc.password=«{a12}{a24}»\nsfdc.loadBatchSize=200\nprocess.operation=upsert',
  ],
  [
    'ent73-servicenow-curl-user-colon-password',
    'curl "https://acme.service-now.com/api/now/table/incident?sysparm_limit=5&sysparm_query=active=true" \\\n  --request GET --header "Accept:application/json" \\\n  --user \'svc.integration\':\'«{a12}»\' ',
  ],
  [
    'ent73-servicenow-requests-auth-tuple',
    'SN = "https://acmedev.service-now.com/api/now/table/cmdb_ci_server"\nresp = requests.get(SN, auth=("admin", "«{a16}»"),\n                    params={"sysparm_fields": "name,ip_address,os", "sysparm_limit": 200})',
  ],
  [
    'ent73-servicenow-oauth-password-grant-secret-and-password',
    'curl -X POST https://acme.service-now.com/oauth_token.do \\\n  -d "grant_type=password" -d "client_id={h32}" \\\n  -d "client_secret=«{a16}»" \\\n  -d "username=api.runner" -d "password=«{a14}»"',
  ],
  [
    'ent73-servicenow-oauth-token-response',
    '{"access_token":"«{B86}»","refresh_token":"«{B86}»","scope":"useraccount","token_type":"Bearer","expires_in":1799}',
  ],
  [
    'ent73-servicenow-mid-config-xml-password',
    '<parameter name="url" value="https://acme.service-now.com/"/>\n<parameter name="mid.instance.username" value="mid.server.dc1"/>\n<parameter name="mid.instance.password" value="«{a18}»"/>\n<parameter name="name" value="MID-DC1-01"/>',
  ],
  [
    'ent73-servicenow-ansible-itsm-instance-block',
    '- name: Create change request\n  servicenow.itsm.change_request:\n    instance:\n      host: https://acme.service-now.com\n      username: ansible.svc\n      password: «{a16}»\n      client_id: {h32}\n      client_secret: «{a20}»\n    type: standard',
  ],
  [
    'ent73-servicenow-powershell-pscredential-session',
    "$pw   = ConvertTo-SecureString '«{a14}»' -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential('svc.snow', $pw)\nNew-ServiceNowSession -Url 'acme.service-now.com' -Credential $cred",
  ],
  [
    'ent73-servicenow-node-basic-buffer',
    "const auth = Buffer.from('itil_bot:' + '«{a16}»').toString('base64');\nconst res = await fetch('https://acme.service-now.com/api/now/table/sc_req_item?sysparm_limit=10', {\n  headers: { Authorization: `Basic ${auth}`, Accept: 'application/json' },\n});",
  ],
  [
    'ent73-servicenow-pysnow-client-password',
    'import pysnow\nc = pysnow.Client(instance="acmeprod", user="snow_reporter", password="«{a12}&{a4}»")\nincident = c.resource(api_path="/table/incident")',
  ],
  [
    'ent73-workday-soap-wsse-usernametoken-passwordtext',
    '<soapenv:Header>\n  <wsse:Security soapenv:mustUnderstand="1" xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">\n    <wsse:UsernameToken>\n      <wsse:Username>ISU_Payroll@acme_impl</wsse:Username>\n      <wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">«{a18}»</wsse:Password>\n    </wsse:UsernameToken>\n  </wsse:Security>\n</soapenv:Header>',
  ],
  [
    'ent73-workday-refresh-token-grant-curl',
    'curl -X POST "https://wd2-impl-services1.workday.com/ccx/oauth2/acme_impl/token" \\\n  -u "{B48}:«{a60}»" \\\n  -d grant_type=refresh_token \\\n  -d refresh_token=«{a88}»',
  ],
  [
    'ent73-workday-zeep-wsse-usernametoken',
    'from zeep import Client\nfrom zeep.wsse.username import UsernameToken\nclient = Client("https://wd5-services1.myworkday.com/ccx/service/acme/Human_Resources/v41.1?wsdl",\n                wsse=UsernameToken("ISU_HR_Sync@acme", "«{a16}»"))',
  ],
  [
    'ent73-workday-raas-curl-basic-isu',
    'curl -s -u \'ISU_RaaS@acme:«{a14}»\' \\\n  "https://wd5-services1.myworkday.com/ccx/service/customreport2/acme/ISU_RaaS/Headcount_by_Org?format=json"',
  ],
  [
    'ent73-sap-hdbuserstore-set-password',
    '$ hdbuserstore SET BWEXTRACT hana-prd01:30015@PRD BW_EXTRACT «{a16}»\n$ hdbuserstore LIST BWEXTRACT',
  ],
  [
    'ent73-sap-pyrfc-connection-passwd',
    'from pyrfc import Connection\nconn = Connection(ashost="sapapp01.acme.local", sysnr="00", client="100",\n                  user="RFC_BATCH", passwd="«{a12}»", lang="EN")\nresult = conn.call("STFC_CONNECTION", REQUTEXT="ping")',
  ],
  [
    'ent73-sap-sapnwrfc-ini-passwd',
    'DEST=PRD_100\nASHOST=sapprd-ci.acme.local\nSYSNR=00\nCLIENT=100\nUSER=RFC_READER\nPASSWD=«{a12}»\nLANG=EN',
  ],
  [
    'ent73-sap-jco-destination-file-passwd',
    '# PRD_RFC.jcoDestination\njco.client.ashost=sapprd-ci.acme.local\njco.client.sysnr=00\njco.client.client=100\njco.client.user=JCO_SVC\njco.client.passwd=«{a14}»\njco.client.lang=en',
  ],
  ['ent73-sap-hdbsql-p-flag', 'hdbsql -n hana-qas01:30215 -d QAS -u SYSTEM -p \'«{a10}#{a4}»\' "SELECT * FROM M_SERVICE_MEMORY"'],
  [
    'ent73-sap-btp-service-key-clientsecret',
    '{\n  "uaa": {\n    "clientid": "sb-acme-ext!t{d5}",\n    "clientsecret": "«{h8}-{h4}-{h4}-{h4}-{h12}${B43}=»",\n    "url": "https://acme-prod.authentication.eu10.hana.ondemand.com",\n    "identityzone": "acme-prod"\n  }\n}',
  ],
  [
    'ent73-sap-hdbcli-dbapi-connect-password',
    'from hdbcli import dbapi\nconn = dbapi.connect(address="hana-prd01.acme.local", port=30015,\n                     user="REPORTING", password="«{a16}»", encrypt=True)',
  ],
  [
    'ent73-sap-cpi-groovy-basic-s-user',
    'def creds = "S00{d8}:«{a14}»".bytes.encodeBase64().toString()\nmessage.setHeader("Authorization", "Basic " + creds)',
  ],
  [
    'ent73-successfactors-odata-basic-curl',
    'curl -u "sfapi@ACMEPROD:«{a14}»" \\\n  "https://api4.successfactors.com/odata/v2/User?\\$top=5&\\$select=userId,email&\\$format=json"',
  ],
  [
    'ent73-concur-refresh-token-and-client-secret',
    'curl -X POST https://us2.api.concursolutions.com/oauth2/v0/token \\\n  -d client_id={h8}-{h4}-{h4}-{h4}-{h12} \\\n  -d client_secret=«{h8}-{h4}-{h4}-{h4}-{h12}» \\\n  -d grant_type=refresh_token \\\n  -d refresh_token=«{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'ent73-netsuite-tba-dotenv-four-values',
    'NS_ACCOUNT_ID=1234567_SB1\nNS_CONSUMER_KEY={h64}\nNS_CONSUMER_SECRET=«{h64}»\nNS_TOKEN_ID={h64}\nNS_TOKEN_SECRET=«{h64}»',
  ],
  [
    'ent73-netsuite-requests-oauthlib-oauth1',
    'auth = OAuth1(client_key="{h64}",\n              client_secret="«{h64}»",\n              resource_owner_key="{h64}",\n              resource_owner_secret="«{h64}»",\n              realm="7654321", signature_method="HMAC-SHA256")',
  ],
  [
    'ent73-netsuite-suitecloud-savetoken',
    'suitecloud account:savetoken --account 7654321_SB2 --authid acme-sb2 \\\n  --tokenid {h64} \\\n  --tokensecret «{h64}»',
  ],
  [
    'ent73-netsuite-nlauth-header-signature-password',
    'Authorization: NLAuth nlauth_account=7654321, nlauth_email=integrations@acme.com, nlauth_signature=«{a14}», nlauth_role=3',
  ],
  [
    'ent73-netsuite-node-rest-config',
    "const ns = new NsApiClient({\n  consumer_key: '{h64}',\n  consumer_secret_key: '«{h64}»',\n  token: '{h64}',\n  token_secret: '«{h64}»',\n  realm: '7654321',\n  base_url: 'https://7654321.suitetalk.api.netsuite.com',\n});",
  ],
  [
    'ent73-msal-python-confidential-client-secret',
    'app = msal.ConfidentialClientApplication(\n    client_id="{h8}-{h4}-{h4}-{h4}-{h12}",\n    client_credential="«{a3}{d1}Q~{B34}»",\n    authority="https://login.microsoftonline.com/{h8}-{h4}-{h4}-{h4}-{h12}",\n)\ntoken = app.acquire_token_for_client(scopes=["https://graph.microsoft.com/.default"])',
  ],
  [
    'ent73-dynamics-connection-string-clientsecret',
    '"ConnectionStrings": {\n  "Dataverse": "AuthType=ClientSecret;Url=https://acme.crm4.dynamics.com;ClientId={h8}-{h4}-{h4}-{h4}-{h12};ClientSecret=«{a3}{d1}Q~{B34}»"\n}',
  ],
  [
    'ent73-dynamics-connection-string-oauth-password',
    'var conn = "AuthType=OAuth;Username=crm.admin@acme.onmicrosoft.com;Password=«{a14}»;Url=https://acme.crm.dynamics.com;AppId=51f81489-12ee-4a9e-aaae-a2591f45987d;RedirectUri=app://58145B91-0C36-4500-8554-080854F2AC97;LoginPrompt=Never";',
  ],
  [
    'ent73-az-login-service-principal-p-flag',
    "az login --service-principal \\\n  -u {h8}-{h4}-{h4}-{h4}-{h12} \\\n  -p '«{a3}{d1}Q~{B34}»' \\\n  --tenant {h8}-{h4}-{h4}-{h4}-{h12}",
  ],
  [
    'ent73-graph-client-credentials-curl-secret',
    'curl -X POST https://login.microsoftonline.com/{h8}-{h4}-{h4}-{h4}-{h12}/oauth2/v2.0/token \\\n  -d client_id={h8}-{h4}-{h4}-{h4}-{h12} \\\n  -d scope=https%3A%2F%2Fgraph.microsoft.com%2F.default \\\n  -d client_secret=«{a3}{d1}Q~{B34}» \\\n  -d grant_type=client_credentials',
  ],
  [
    'ent73-connect-mggraph-clientsecretcredential',
    '$sec  = ConvertTo-SecureString -String "«{a3}{d1}Q~{B34}»" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential("{h8}-{h4}-{h4}-{h4}-{h12}", $sec)\nConnect-MgGraph -TenantId "{h8}-{h4}-{h4}-{h4}-{h12}" -ClientSecretCredential $cred -NoWelcome',
  ],
  [
    'ent73-connect-powerbiserviceaccount-service-principal',
    '$appId  = "{h8}-{h4}-{h4}-{h4}-{h12}"\n$secret = "«{a3}{d1}Q~{B34}»" | ConvertTo-SecureString -AsPlainText -Force\n$cred   = New-Object PSCredential($appId, $secret)\nConnect-PowerBIServiceAccount -ServicePrincipal -Credential $cred -Tenant "acme.onmicrosoft.com"',
  ],
  [
    'ent73-connect-pnponline-clientsecret-flag',
    'Connect-PnPOnline -Url "https://acme.sharepoint.com/sites/Finance" `\n  -ClientId "{h8}-{h4}-{h4}-{h4}-{h12}" `\n  -ClientSecret "«{a3}{d1}Q~{B34}»" -WarningAction Ignore',
  ],
  [
    'ent73-aspnet-appsettings-azuread-clientsecret',
    '"AzureAd": {\n  "Instance": "https://login.microsoftonline.com/",\n  "TenantId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "ClientId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "ClientSecret": "«{a3}{d1}Q~{B34}»"\n}',
  ],
  [
    'ent73-graph-bearer-jwt-curl-users',
    'curl -s "https://graph.microsoft.com/v1.0/users?\\$select=displayName,mail&\\$top=50" \\\n  -H "Authorization: Bearer «eyJ0eXAiOiJKV1QiLCJub25jZSI6{B40}.eyJ{B300}.{B342}»"',
  ],
  [
    'ent73-exchange-online-pscredential-plaintext',
    '$user = "exo.admin@acme.onmicrosoft.com"\n$pw   = ConvertTo-SecureString "«{a12}!{a4}»" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential($user, $pw)\nConnect-ExchangeOnline -Credential $cred -ShowBanner:$false',
  ],
  [
    'ent73-set-adaccountpassword-reset-plaintext',
    'Set-ADAccountPassword -Identity "svc-backup" -Reset `\n  -NewPassword (ConvertTo-SecureString -AsPlainText "«{a16}»" -Force)\nSet-ADUser -Identity "svc-backup" -PasswordNeverExpires $true',
  ],
  [
    'ent73-new-aduser-accountpassword-csv-loop',
    'Import-Csv .\\hires.csv | ForEach-Object {\n  New-ADUser -Name $_.Name -SamAccountName $_.Sam -Path "OU=Staff,DC=acme,DC=local" `\n    -AccountPassword (ConvertTo-SecureString "«{a10}#{d4}»" -AsPlainText -Force) -Enabled $true\n}',
  ],
  [
    'ent73-invoke-restmethod-basic-header-plaintext',
    '$pair  = "api_admin:«{a16}»"\n$b64   = [Convert]::ToBase64String([Text.Encoding]::ASCII.GetBytes($pair))\nInvoke-RestMethod -Uri "https://jamf.acme.com/JSSResource/computers" -Headers @{ Authorization = "Basic $b64" }',
  ],
  [
    'ent73-pac-auth-create-client-secret',
    'pac auth create --name prod --environment https://acme.crm.dynamics.com \\\n  --applicationId {h8}-{h4}-{h4}-{h4}-{h12} \\\n  --clientSecret "«{a3}{d1}Q~{B34}»" --tenant {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'ent73-azure-devops-pat-powershell-basic',
    '$pat  = \'«{k52}»\'\n$auth = [Convert]::ToBase64String([Text.Encoding]::ASCII.GetBytes(":$pat"))\nInvoke-RestMethod "https://dev.azure.com/acme/_apis/projects?api-version=7.1" -Headers @{Authorization = "Basic $auth"}',
  ],
  [
    'ent73-powerbi-rest-python-msal-secret',
    'TENANT = "{h8}-{h4}-{h4}-{h4}-{h12}"\nCLIENT_ID = "{h8}-{h4}-{h4}-{h4}-{h12}"\nCLIENT_SECRET = "«{a3}{d1}Q~{B34}»"\napp = msal.ConfidentialClientApplication(CLIENT_ID, authority=f"https://login.microsoftonline.com/{TENANT}", client_credential=CLIENT_SECRET)',
  ],
  [
    'ent73-sql-pscredential-invoke-sqlcmd',
    "$sqlPw = ConvertTo-SecureString '«{a14}»' -AsPlainText -Force\n$sqlCred = [PSCredential]::new('sa_reporting', $sqlPw)\nInvoke-Sqlcmd -ServerInstance 'sql01.acme.local' -Database 'HR' -Credential $sqlCred -Query 'SELECT COUNT(*) FROM dbo.Employees' ",
  ],
  [
    'ent73-jira-cloud-curl-email-api-token',
    'curl -s --user "ops.bot@acme.com:«ATATT3xFfGF0{B180}={H8}»" \\\n  -H "Accept: application/json" \\\n  "https://acme.atlassian.net/rest/api/3/search?jql=project%3DOPS%20AND%20status%3DOpen"',
  ],
  [
    'ent73-jira-python-basic-auth-tuple',
    'from jira import JIRA\njira = JIRA(server="https://acme.atlassian.net",\n            basic_auth=("release.manager@acme.com", "«ATATT3xFfGF0{B180}={H8}»"))\nissue = jira.issue("REL-482")',
  ],
  [
    'ent73-confluence-requests-httpbasicauth',
    'auth = HTTPBasicAuth("docs.bot@acme.com", "«ATATT3xFfGF0{B180}={H8}»")\nr = requests.get("https://acme.atlassian.net/wiki/api/v2/spaces", auth=auth,\n                 headers={"Accept": "application/json"})',
  ],
  [
    'ent73-jira-cli-env-api-token',
    'export JIRA_API_TOKEN="«ATATT3xFfGF0{B180}={H8}»"\njira init --installation cloud --server https://acme.atlassian.net --login platform@acme.com --project PLAT',
  ],
  [
    'ent73-jira-datacenter-pat-bearer',
    'curl -H "Authorization: Bearer «{b44}»" \\\n  "https://jira.acme.local/rest/api/2/issue/INFRA-2210?fields=status,assignee"',
  ],
  [
    'ent73-jira-basic-header-b64-precomputed',
    'GET /rest/api/3/myself HTTP/1.1\nHost: acme.atlassian.net\nAuthorization: Basic «{b80}»\nAccept: application/json',
  ],
  [
    'ent73-atlassian-org-admin-api-key-bearer',
    'curl -X GET "https://api.atlassian.com/admin/v1/orgs/{h8}-{h4}-{h4}-{h4}-{h12}/users" \\\n  -H "Authorization: Bearer «ATCTT3xFfGN0{B180}={H8}»"',
  ],
  [
    'ent73-confluence-atlassian-python-api-password-token',
    'from atlassian import Confluence\nconfluence = Confluence(url="https://acme.atlassian.net", username="kb.sync@acme.com",\n                        password="«ATATT3xFfGF0{B180}={H8}»", cloud=True)',
  ],
  [
    'ent73-jira-automation-webhook-token-header',
    'curl -X POST "https://api-private.atlassian.com/automation/webhooks/jira/a/{h8}-{h4}-{h4}-{h4}-{h12}/{h8}-{h4}-{h4}-{h4}-{h12}" \\\n  -H "Content-Type: application/json" \\\n  -H "X-Automation-Webhook-Token: «{h40}»" -d \'{"issues":["OPS-91"]}\' ',
  ],
  [
    'ent73-zendesk-curl-email-slash-token',
    'curl https://acme.zendesk.com/api/v2/tickets.json?page[size]=100 \\\n  -u support.ops@acme.com/token:«{a40}»',
  ],
  [
    'ent73-zendesk-zenpy-creds-dict',
    'from zenpy import Zenpy\ncreds = {"email": "support.ops@acme.com", "token": "«{a40}»", "subdomain": "acme"}\nzenpy_client = Zenpy(**creds)',
  ],
  ['ent73-zendesk-oauth-bearer-hex', 'curl https://acme.zendesk.com/api/v2/users/me.json \\\n  -H "Authorization: Bearer «{h64}»"'],
  [
    'ent73-freshdesk-curl-key-colon-x',
    'curl -v -u «{a20}»:X -H "Content-Type: application/json" \\\n  -X GET "https://acme.freshdesk.com/api/v2/tickets?updated_since=2024-05-01T00:00:00Z"',
  ],
  [
    'ent73-freshdesk-python-auth-tuple-x',
    'FD_DOMAIN = "acmehelp"\nAPI_KEY = "«{a20}»"\nr = requests.get(f"https://{FD_DOMAIN}.freshdesk.com/api/v2/contacts", auth=(API_KEY, "X"))',
  ],
  [
    'ent73-freshservice-key-powershell-basic',
    '$key = "«{a20}»"\n$b64 = [Convert]::ToBase64String([Text.Encoding]::ASCII.GetBytes("${key}:X"))\nInvoke-RestMethod -Uri "https://acme.freshservice.com/api/v2/assets" -Headers @{Authorization = "Basic $b64"}',
  ],
  [
    'ent73-hubspot-private-app-bearer-curl',
    'curl --request GET \\\n  --url "https://api.hubapi.com/crm/v3/objects/contacts?limit=100&properties=email,lifecyclestage" \\\n  --header "authorization: Bearer «pat-na1-{h8}-{h4}-{h4}-{h4}-{h12}»"',
  ],
  [
    'ent73-hubspot-python-client-access-token',
    'from hubspot import HubSpot\napi_client = HubSpot(access_token="«pat-eu1-{h8}-{h4}-{h4}-{h4}-{h12}»")\npage = api_client.crm.companies.basic_api.get_page(limit=50)',
  ],
  [
    'ent73-hubspot-legacy-hapikey-query',
    'GET https://api.hubapi.com/contacts/v1/lists/all/contacts/all?hapikey=«{h8}-{h4}-{h4}-{h4}-{h12}»&count=100',
  ],
  [
    'ent73-hubspot-app-client-secret-oauth-exchange',
    'form = {"grant_type": "authorization_code",\n        "client_id": "{h8}-{h4}-{h4}-{h4}-{h12}",\n        "client_secret": "«{h8}-{h4}-{h4}-{h4}-{h12}»",\n        "redirect_uri": "https://crm-sync.acme.com/oauth/callback", "code": code}',
  ],
  [
    'ent73-marketo-identity-url-client-secret',
    'curl "https://123-ABC-456.mktorest.com/identity/oauth/token?grant_type=client_credentials&client_id={h8}-{h4}-{h4}-{h4}-{h12}&client_secret=«{a32}»"',
  ],
  [
    'ent73-marketo-access-token-bearer-pod-suffix',
    'curl -H "Authorization: Bearer «{h8}-{h4}-{h4}-{h4}-{h12}:ab»" \\\n  "https://123-ABC-456.mktorest.com/rest/v1/leads.json?filterType=email&filterValues=a.lee@acme.com"',
  ],
  [
    'ent73-marketo-client-secret-python-client',
    'from marketorestpython.client import MarketoClient\nmc = MarketoClient("123-ABC-456", "{h8}-{h4}-{h4}-{h4}-{h12}", "«{a32}»")\nlead = mc.execute(method="get_lead_by_id", id=1184)',
  ],
  [
    'ent73-okta-ssws-curl-users',
    'curl -s -H "Accept: application/json" \\\n  -H "Authorization: SSWS «00{B40}»" \\\n  "https://acme.okta.com/api/v1/users?filter=status%20eq%20%22DEPROVISIONED%22"',
  ],
  [
    'ent73-okta-ssws-powershell-invoke',
    '$headers = @{ Authorization = "SSWS «00{B40}»"; Accept = "application/json" }\nInvoke-RestMethod -Uri "https://acme.okta.com/api/v1/groups?q=Finance" -Headers $headers',
  ],
  [
    'ent73-okta-terraform-provider-api-token',
    'provider "okta" {\n  org_name  = "acme"\n  base_url  = "okta.com"\n  api_token = "«00{B40}»"\n}',
  ],
  [
    'ent73-okta-oidc-app-client-secret-env',
    'OKTA_ISSUER=https://acme.okta.com/oauth2/default\nOKTA_CLIENT_ID=0oa{a17}\nOKTA_CLIENT_SECRET=«{B64}»',
  ],
  [
    'ent73-onelogin-token-request-client-secret',
    'curl -X POST https://acme.onelogin.com/auth/oauth2/v2/token \\\n  -H "Authorization: client_id:{h64}, client_secret:«{h64}»" \\\n  -H "Content-Type: application/json" -d \'{"grant_type":"client_credentials"}\' ',
  ],
  [
    'ent73-onelogin-python-sdk-client-secret',
    'from onelogin.api.client import OneLoginClient\nclient = OneLoginClient("{h64}", "«{h64}»", "us")\nusers = client.get_users({"email": "*@acme.com"})',
  ],
  [
    'ent73-snowsql-config-password',
    '[connections.prod]\naccountname = acme-xy12345\nusername = etl_svc\npassword = «{a18}»\nwarehousename = ETL_WH',
  ],
  [
    'ent73-snowflake-python-private-key-file-pwd',
    'conn = snowflake.connector.connect(\n    account="acme-xy12345", user="DBT_SVC",\n    private_key_file="/secrets/rsa_key.p8",\n    private_key_file_pwd="«{a20}»",\n    warehouse="TRANSFORM_WH", role="TRANSFORMER")',
  ],
  [
    'ent73-snowflake-connections-toml-passphrase',
    '[default]\naccount = "acme-xy12345"\nuser = "AIRFLOW_SVC"\nauthenticator = "SNOWFLAKE_JWT"\nprivate_key_file = "/opt/airflow/keys/snowflake_key.p8"\nprivate_key_file_pwd = "«{a20}»"',
  ],
  [
    'ent73-snowflake-private-key-passphrase-env',
    "export SNOWFLAKE_ACCOUNT=acme-xy12345\nexport SNOWFLAKE_USER=FIVETRAN_SVC\nexport SNOWFLAKE_PRIVATE_KEY_PATH=~/.ssh/snowflake_rsa_key.p8\nexport SNOWFLAKE_PRIVATE_KEY_PASSPHRASE='«{a12}!{a6}»' ",
  ],
  [
    'ent73-snowflake-encrypted-pkcs8-pem-and-passphrase',
    '$ openssl genrsa 2048 | openssl pkcs8 -topk8 -v2 aes256 -inform PEM -out rsa_key.p8 -passout pass:«{a20}»\n$ cat rsa_key.p8\n«-----BEGIN ENCRYPTED PRIVATE KEY-----\n{b64}\n{b64}\n{b64}\n{b32}\n-----END ENCRYPTED PRIVATE KEY-----»',
  ],
  [
    'ent73-snowflake-jdbc-url-password-param',
    'jdbc:snowflake://acme-xy12345.snowflakecomputing.com/?db=ANALYTICS&warehouse=BI_WH&role=ANALYST&user=TABLEAU_SVC&password=«{a16}»',
  ],
  [
    'ent73-dbt-profiles-snowflake-password',
    'acme:\n  target: prod\n  outputs:\n    prod:\n      type: snowflake\n      account: acme-xy12345\n      user: DBT_PROD\n      password: «{a18}»\n      role: TRANSFORMER\n      database: ANALYTICS',
  ],
  [
    'ent73-tabcmd-login-password-flag',
    'tabcmd login -s https://tableau.acme.com -t Finance -u svc_tabcmd -p "«{a14}»"\ntabcmd refreshextracts --workbook "Monthly Close" --synchronous',
  ],
  [
    'ent73-tableau-tsc-pat-auth-secret',
    'import tableauserverclient as TSC\nauth = TSC.PersonalAccessTokenAuth("ci-publisher", "«{b22}==:{a32}»", site_id="finance")\nserver = TSC.Server("https://prod-useast-b.online.tableau.com", use_server_version=True)',
  ],
  [
    'ent73-tableau-connected-app-secret-value-jwt',
    'CONNECTED_APP_CLIENT_ID = "{h8}-{h4}-{h4}-{h4}-{h12}"\nCONNECTED_APP_SECRET_ID = "{h8}-{h4}-{h4}-{h4}-{h12}"\nCONNECTED_APP_SECRET_VALUE = "«{b43}=»"\ntoken = jwt.encode(payload, CONNECTED_APP_SECRET_VALUE, algorithm="HS256", headers={"kid": CONNECTED_APP_SECRET_ID, "iss": CONNECTED_APP_CLIENT_ID})',
  ],
  [
    'ent73-tableau-rest-signin-xml-pat-secret',
    '<tsRequest>\n  <credentials personalAccessTokenName="nightly-refresh"\n               personalAccessTokenSecret="«{b22}==:{a32}»">\n    <site contentUrl="marketing" />\n  </credentials>\n</tsRequest>',
  ],
  [
    'ent73-powerbi-embedded-appsettings-clientsecret',
    '"PowerBI": {\n  "AuthenticationMode": "ServicePrincipal",\n  "TenantId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "ClientId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "ClientSecret": "«{a3}{d1}Q~{B34}»",\n  "WorkspaceId": "{h8}-{h4}-{h4}-{h4}-{h12}"\n}',
  ],
  [
    'ent73-cxf-wss4j-callback-hardcoded-password',
    'public void handle(Callback[] callbacks) {\n    WSPasswordCallback pc = (WSPasswordCallback) callbacks[0];\n    if ("svc_soap_erp".equals(pc.getIdentifier())) {\n        pc.setPassword("«{a16}»");\n    }\n}',
  ],
  [
    'ent73-sap-pi-soap-usernametoken-python-string',
    'envelope = f"""<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">\n <soapenv:Header><wsse:Security><wsse:UsernameToken>\n   <wsse:Username>PI_SENDER</wsse:Username>\n   <wsse:Password>«{a14}»</wsse:Password>\n </wsse:UsernameToken></wsse:Security></soapenv:Header>"""',
  ],
  [
    'ent73-netsuite-soap-passport-password',
    '<platformMsgs:passport>\n  <platformCore:email>soap.integration@acme.com</platformCore:email>\n  <platformCore:password>«{a16}»</platformCore:password>\n  <platformCore:account>7654321</platformCore:account>\n  <platformCore:role internalId="3"/>\n</platformMsgs:passport>',
  ],
  [
    'ent73-jamf-python-requests-auth-tuple',
    'JAMF = "https://acme.jamfcloud.com"\ntok = requests.post(f"{JAMF}/api/v1/auth/token", auth=("api-inventory", "«{a18}»")).json()["token"]',
  ],
  [
    'ent73-box-admin-client-secret-config-json',
    '{\n  "boxAppSettings": {\n    "clientID": "{l32}",\n    "clientSecret": "«{a32}»",\n    "appAuth": { "publicKeyID": "{l8}", "privateKey": "", "passphrase": "«{h32}»" }\n  },\n  "enterpriseID": "{d9}"\n}',
  ],
  [
    'ent73-ldap3-admin-script-bind-password',
    'from ldap3 import Server, Connection, ALL\nserver = Server("ldaps://dc01.acme.local", get_info=ALL)\nconn = Connection(server, user="ACME\\\\svc-offboard", password="«{a16}»", auto_bind=True)',
  ],
  [
    'ent73-slack-scim-admin-token-curl',
    'curl -H "Authorization: Bearer «xoxp-{d12}-{d12}-{d13}-{h32}»" \\\n  "https://api.slack.com/scim/v2/Users?filter=email%20eq%20%22j.park@acme.com%22"',
  ],
  [
    'ent73-google-workspace-sa-private-key-json-fragment',
    '  "type": "service_account",\n  "project_id": "acme-admin-scripts",\n  "private_key_id": "{h40}",\n  "private_key": "«-----BEGIN PRIVATE KEY-----\\n{b64}\\n{b64}\\n{b24}=\\n-----END PRIVATE KEY-----\\n»",\n  "client_email": "gam-project@acme-admin-scripts.iam.gserviceaccount.com",',
  ],
  [
    'ent73-gam-oauth2-txt-refresh-token',
    '$ cat ~/.gam/oauth2.txt\n{"client_id": "{d12}-{l32}.apps.googleusercontent.com", "client_secret": "«GOCSPX-{B28}»", "refresh_token": "«1//0{B100}»", "token_uri": "https://oauth2.googleapis.com/token"}',
  ],
  [
    'ent73-admin-chat-prose-salesforce-password-token',
    'quick q — the nightly sync logs in as integration@acme.com with password «{a12}» and security token «{a24}», and since the sandbox refresh it gets INVALID_LOGIN. do tokens reset on refresh?',
  ],
  [
    'ent73-admin-chat-prose-servicenow-oauth-secret',
    'ServiceNow OAuth app "ci-deployer": client id {h32}, client secret «{a20}» — the token endpoint returns 401 access_denied, what am I missing?',
  ],
  [
    'ent73-workday-studio-env-properties',
    'wd.tenant=acme_impl\nwd.isu.user=ISU_Benefits@acme_impl\nwd.isu.password=«{a18}»\nwd.api.version=v42.0',
  ],
  [
    'ent73-okta-chat-prose-api-token-rotation',
    'I rotated the Okta admin token yesterday; the new one «00{B40}» is already in the deprovision script, but the old one still works?',
  ],
  [
    'ent73-netsuite-restlet-python-token-secret-const',
    'TOKEN_ID = "{h64}"\nTOKEN_SECRET = "«{h64}»"\nCONSUMER_KEY = "{h64}"\nCONSUMER_SECRET = "«{h64}»"\nURL = "https://7654321.restlets.api.netsuite.com/app/site/hosting/restlet.nl?script=1042&deploy=1"',
  ],
  [
    'ent73-hubspot-chat-prose-private-app-token',
    'our HubSpot workflow webhook calls back with pat-na1 token «pat-na1-{h8}-{h4}-{h4}-{h4}-{h12}» but gets 403 MISSING_SCOPES on crm.objects.deals.write',
  ],
];
export const BLIND73_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'ent73-sf-org-display-masked-token-and-org-id',
    "$ sf org display --target-org uat\n KEY              VALUE\n ──────────────── ──────────────────────────────────────────────\n Access Token     [REDACTED] Use 'sf org auth show-access-token' to view\n Api Version      60.0\n Id               00D{a15}\n Instance Url     https://acme--uat.sandbox.my.salesforce.com\n Username         release.bot@acme.com.uat",
  ],
  [
    'ent73-salesforce-soql-result-record-ids',
    'Id                 Name                    OwnerId            CreatedById\n ────────────────── ─────────────────────── ────────────────── ──────────────────\n 001{a15} Northwind Traders       005{a15} 005{a15}\n 001{a15} Contoso Pharma GmbH     005{a15} 005{a15}\nTotal number of records retrieved: 2.',
  ],
  [
    'ent73-salesforce-connected-app-metadata-consumer-key',
    '<ConnectedApp xmlns="http://soap.sforce.com/2006/04/metadata">\n    <contactEmail>platform@acme.com</contactEmail>\n    <label>CI Deployer</label>\n    <oauthConfig>\n        <callbackUrl>http://localhost:1717/OauthRedirect</callbackUrl>\n        <consumerKey>3MVG9{B82}</consumerKey>\n        <isAdminApproved>true</isAdminApproved>\n    </oauthConfig>\n</ConnectedApp>',
  ],
  [
    'ent73-sfdx-project-json-package-version-ids',
    '{\n  "packageDirectories": [{ "path": "force-app", "package": "acme-core", "versionNumber": "2.4.0.NEXT", "default": true }],\n  "sourceApiVersion": "60.0",\n  "packageAliases": {\n    "acme-core": "0Ho{a15}",\n    "acme-core@2.3.0-1": "04t{a15}"\n  }\n}',
  ],
  [
    'ent73-sf-org-login-jwt-key-file-path',
    'sf org login jwt \\\n  --client-id 3MVG9{B82} \\\n  --jwt-key-file ./certs/server.key \\\n  --username ci@acme.com --instance-url https://login.salesforce.com --alias prod',
  ],
  [
    'ent73-gha-sfdx-auth-url-from-secrets',
    '      - name: Authenticate\n        run: |\n          echo "${{ secrets.SFDX_AUTH_URL }}" > ./authurl.txt\n          sf org login sfdx-url -f ./authurl.txt -a target\n          rm ./authurl.txt',
  ],
  [
    'ent73-salesforce-security-token-reset-email-text',
    'Subject: Your new Salesforce security token\nHello Jordan, as requested, your security token has been reset. Your new token is shown in this e-mail only; store it in the team vault under "salesforce/integration-user" and update SF_SECURITY_TOKEN in the pipeline variables.',
  ],
  [
    'ent73-simple-salesforce-env-lookups',
    'sf = Salesforce(username=os.environ["SF_USERNAME"],\n                password=os.environ["SF_PASSWORD"],\n                security_token=os.environ["SF_SECURITY_TOKEN"],\n                domain="test")',
  ],
  [
    'ent73-salesforce-debug-log-header-ids',
    '60.0 APEX_CODE,FINEST;APEX_PROFILING,INFO;CALLOUT,INFO;DB,INFO\n14:02:11.0 (1143201)|USER_INFO|[EXTERNAL]|005{a15}|integration@acme.com|(GMT+01:00) Central European Standard Time|GMT+01:00\n14:02:11.0 (1190022)|EXECUTION_STARTED\n14:02:11.0 (1201833)|CODE_UNIT_STARTED|[EXTERNAL]|01p{a15}|AccountSyncBatch',
  ],
  [
    'ent73-servicenow-incident-json-sys-ids',
    '{"result": {"number": "INC0041873", "sys_id": "{h32}",\n  "caller_id": {"link": "https://acme.service-now.com/api/now/table/sys_user/{h32}", "value": "{h32}"},\n  "sys_updated_by": "svc.integration", "state": "2", "priority": "3"}}',
  ],
  [
    'ent73-servicenow-table-api-query-no-auth',
    'GET https://acme.service-now.com/api/now/table/change_request?sysparm_query=start_date>=javascript:gs.beginningOfToday()^type=normal&sysparm_fields=number,short_description,assignment_group&sysparm_limit=50',
  ],
  [
    'ent73-servicenow-oauth-registry-masked-secret',
    'Application Registries > ci-deployer\n  Name:          ci-deployer\n  Client ID:     {h32}\n  Client Secret: ********************\n  Refresh Token Lifespan: 8,640,000\n  Access Token Lifespan:  1,800',
  ],
  [
    'ent73-servicenow-requests-env-auth-tuple',
    'auth = (os.environ["SN_USER"], os.environ["SN_PASS"])\nr = requests.get(f"https://{instance}.service-now.com/api/now/table/sys_user_group",\n                 auth=auth, params={"sysparm_limit": 100}, timeout=30)',
  ],
  [
    'ent73-servicenow-update-set-xml-ids',
    '<sys_update_xml action="INSERT_OR_UPDATE">\n  <name>sys_script_include_{h32}</name>\n  <update_set display_value="ACME-2024.05 Release">{h32}</update_set>\n  <sys_id>{h32}</sys_id>\n</sys_update_xml>',
  ],
  [
    'ent73-workday-tenant-config-wids-version',
    'workday:\n  tenant: acme_impl\n  host: wd2-impl-services1.workday.com\n  api_version: v42.0\n  supervisory_org_wid: {h32}\n  cost_center_wid: {h32}\n  isu_password: ${WD_ISU_PASSWORD}',
  ],
  [
    'ent73-workday-soap-password-env-template',
    '<wsse:UsernameToken>\n  <wsse:Username>ISU_Payroll@acme_impl</wsse:Username>\n  <wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">${WD_ISU_PASSWORD}</wsse:Password>\n</wsse:UsernameToken>',
  ],
  [
    'ent73-soap-binary-security-token-x509-cert',
    '<wsse:BinarySecurityToken EncodingType="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary"\n    ValueType="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3"\n    wsu:Id="X509-{H32}">MIIDdzCCAl+gAwIBAgIE{b64}{b64}</wsse:BinarySecurityToken>',
  ],
  [
    'ent73-sap-hdbuserstore-list-output-no-password',
    '$ hdbuserstore LIST\nDATA FILE       : /usr/sap/PRD/home/.hdb/sapprd01/SSFS_HDB.DAT\nKEY FILE        : /usr/sap/PRD/home/.hdb/sapprd01/SSFS_HDB.KEY\n\nKEY DEFAULT\n  ENV : hana-prd01:30013\n  USER: SAPHANADB\n  DATABASE: PRD',
  ],
  [
    'ent73-sap-pyrfc-passwd-from-env',
    'conn = Connection(ashost="sapprd-ci.acme.local", sysnr="00", client="100",\n                  user=os.environ["SAP_USER"], passwd=os.environ["SAP_PASSWD"])',
  ],
  [
    'ent73-sap-transport-log-sid-client',
    'Transport request DEVK9{d5} released by MKRUEGER\n  Target system: QAS  Client: 200   Return code: 0004 (warnings)\n  Import queue: PRD  Client: 100   Status: waiting for approval',
  ],
  [
    'ent73-sap-btp-service-key-no-secret-fields',
    '{\n  "clientid": "sb-acme-ext!t{d5}",\n  "url": "https://acme-prod.authentication.eu10.hana.ondemand.com",\n  "xsappname": "acme-ext!t{d5}",\n  "identityzone": "acme-prod",\n  "tenantid": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "uaadomain": "authentication.eu10.hana.ondemand.com"\n}',
  ],
  [
    'ent73-sap-sapnwrfc-ini-snc-no-password',
    'DEST=PRD_SNC\nASHOST=sapprd-ci.acme.local\nSYSNR=00\nCLIENT=100\nSNC_QOP=9\nSNC_MYNAME=p:CN=svc-rfc, O=ACME, C=DE\nSNC_PARTNERNAME=p:CN=PRD, OU=SAP, O=ACME, C=DE',
  ],
  [
    'ent73-netsuite-account-and-script-ids',
    'NetSuite account: 7654321_SB1 (sandbox 1)\nRESTlet: customscript_acme_po_sync (id 1042), deployment customdeploy_acme_po_sync (id 1)\nRole: Acme Integration (internal id 1087)   Subsidiary: 3',
  ],
  [
    'ent73-netsuite-env-refs-dotenv',
    'NS_ACCOUNT_ID=7654321\nNS_CONSUMER_KEY=${NS_CONSUMER_KEY}\nNS_CONSUMER_SECRET=${NS_CONSUMER_SECRET}\nNS_TOKEN_ID=${NS_TOKEN_ID}\nNS_TOKEN_SECRET=${NS_TOKEN_SECRET}',
  ],
  [
    'ent73-netsuite-bearer-env-reference',
    'curl -s "https://7654321.suitetalk.api.netsuite.com/services/rest/record/v1/salesOrder?limit=5" \\\n  -H "Authorization: Bearer ${NS_ACCESS_TOKEN}" -H "Prefer: transient"',
  ],
  [
    'ent73-az-ad-app-show-password-credential-hint',
    '"passwordCredentials": [\n  {\n    "displayName": "ci-2024",\n    "endDateTime": "2025-06-01T00:00:00Z",\n    "hint": "{a3}",\n    "keyId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n    "secretText": null\n  }\n]',
  ],
  [
    'ent73-dynamics-keyvault-reference-app-setting',
    '"Dataverse__ConnectionString": "@Microsoft.KeyVault(SecretUri=https://kv-acme-crm.vault.azure.net/secrets/dataverse-conn/{h32})",\n"Dataverse__Url": "https://acme.crm4.dynamics.com"',
  ],
  [
    'ent73-appsettings-azuread-empty-secret-guids',
    '"AzureAd": {\n  "Instance": "https://login.microsoftonline.com/",\n  "TenantId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "ClientId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "ClientSecret": "",\n  "CallbackPath": "/signin-oidc"\n}',
  ],
  [
    'ent73-powershell-get-credential-prompt',
    '$cred = Get-Credential -UserName "ACME\\svc-backup" -Message "Enter the backup service account password"\nInvoke-Command -ComputerName fs01,fs02 -Credential $cred -ScriptBlock { Get-Service wbengine }',
  ],
  [
    'ent73-powershell-read-host-assecurestring',
    '$pw = Read-Host -Prompt "New password for $sam" -AsSecureString\nSet-ADAccountPassword -Identity $sam -Reset -NewPassword $pw\nSet-ADUser -Identity $sam -ChangePasswordAtLogon $true',
  ],
  [
    'ent73-powershell-convertto-securestring-from-env',
    '$sec  = ConvertTo-SecureString -String $env:GRAPH_CLIENT_SECRET -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential($env:GRAPH_CLIENT_ID, $sec)\nConnect-MgGraph -TenantId $env:GRAPH_TENANT_ID -ClientSecretCredential $cred',
  ],
  [
    'ent73-powershell-secretmanagement-get-secret',
    '$cred = Get-Secret -Name "snow-integration" -Vault AcmeKeyVault\nNew-ServiceNowSession -Url "acme.service-now.com" -Credential $cred',
  ],
  [
    'ent73-connect-mggraph-certificate-thumbprint',
    'Connect-MgGraph -ClientId "{h8}-{h4}-{h4}-{h4}-{h12}" `\n  -TenantId "{h8}-{h4}-{h4}-{h4}-{h12}" `\n  -CertificateThumbprint "{H40}"\nGet-MgUser -Filter "accountEnabled eq false" -All | Measure-Object',
  ],
  [
    'ent73-powerbi-workspace-report-guids-embed-url',
    'Workspace: Finance Reporting ({h8}-{h4}-{h4}-{h4}-{h12})\nReport:    Month-End Close ({h8}-{h4}-{h4}-{h4}-{h12})\nDataset:   GL Actuals ({h8}-{h4}-{h4}-{h4}-{h12})\nEmbed URL: https://app.powerbi.com/reportEmbed?reportId={h8}-{h4}-{h4}-{h4}-{h12}&groupId={h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'ent73-azure-devops-pipeline-variable-group-ref',
    'variables:\n  - group: prod-secrets   # CLIENT_SECRET, SNOW_PASSWORD live in the variable group (Key Vault linked)\n  - name: tenantId\n    value: {h8}-{h4}-{h4}-{h4}-{h12}\nsteps:\n  - pwsh: ./Sync-Users.ps1 -TenantId $(tenantId) -ClientSecret $(CLIENT_SECRET)',
  ],
  [
    'ent73-exported-dpapi-secure-string-file-path',
    '# password was exported once with: Read-Host -AsSecureString | ConvertFrom-SecureString | Out-File C:\\ops\\svc.cred\n$pw = Get-Content C:\\ops\\svc.cred | ConvertTo-SecureString\n$cred = [PSCredential]::new("ACME\\svc-report", $pw)',
  ],
  [
    'ent73-jira-issue-json-account-ids',
    '{"key": "OPS-1182", "id": "{d5}",\n "fields": {"assignee": {"accountId": "5b10{h20}", "displayName": "Priya Nair"},\n            "reporter": {"accountId": "712020:{h8}-{h4}-{h4}-{h4}-{h12}"},\n            "status": {"name": "In Progress"}}}',
  ],
  [
    'ent73-jira-curl-env-email-token',
    'curl -s -u "$JIRA_EMAIL:$JIRA_API_TOKEN" \\\n  -H "Accept: application/json" \\\n  "https://acme.atlassian.net/rest/api/3/issue/OPS-1182?fields=status"',
  ],
  [
    'ent73-zendesk-ticket-json-ids',
    '{"ticket": {"id": {d6}, "requester_id": {d13}, "organization_id": {d12},\n  "external_id": "{h8}-{h4}-{h4}-{h4}-{h12}", "via": {"channel": "api"}, "status": "open"}}',
  ],
  ['ent73-zendesk-curl-token-placeholder', 'curl https://acme.zendesk.com/api/v2/users/me.json \\\n  -u {email_address}/token:{api_token}'],
  [
    'ent73-freshdesk-curl-env-key',
    'curl -u "$FRESHDESK_API_KEY:X" -H "Content-Type: application/json" \\\n  "https://acme.freshdesk.com/api/v2/tickets/{d5}"',
  ],
  [
    'ent73-hubspot-record-url-portal-ids',
    'https://app-eu1.hubspot.com/contacts/{d8}/record/0-1/{d11}\nhttps://app-eu1.hubspot.com/contacts/{d8}/record/0-3/{d11}/view/1',
  ],
  [
    'ent73-hubspot-token-xxx-placeholder-docs',
    '# .env.sample\nHUBSPOT_PRIVATE_APP_TOKEN=pat-na1-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx\nHUBSPOT_PORTAL_ID=12345678',
  ],
  [
    'ent73-hubspot-webhook-signature-v3-header',
    'POST /hooks/hubspot HTTP/1.1\nX-HubSpot-Signature-v3: {b43}=\nX-HubSpot-Request-Timestamp: 1717412345123\nContent-Type: application/json',
  ],
  [
    'ent73-marketo-munchkin-endpoints-client-id-env-secret',
    'MARKETO_MUNCHKIN_ID=123-ABC-456\nMARKETO_REST_ENDPOINT=https://123-ABC-456.mktorest.com/rest\nMARKETO_IDENTITY_ENDPOINT=https://123-ABC-456.mktorest.com/identity\nMARKETO_CLIENT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nMARKETO_CLIENT_SECRET=${MARKETO_CLIENT_SECRET}',
  ],
  [
    'ent73-okta-user-json-00u-id',
    '{"id": "00u{a17}", "status": "ACTIVE",\n "created": "2023-11-02T10:41:07.000Z",\n "profile": {"login": "m.schulz@acme.com", "email": "m.schulz@acme.com", "employeeNumber": "{d6}"},\n "_links": {"self": {"href": "https://acme.okta.com/api/v1/users/00u{a17}"}}}',
  ],
  [
    'ent73-okta-app-json-client-id-and-public-jwk',
    '"credentials": {"oauthClient": {"client_id": "0oa{a17}", "token_endpoint_auth_method": "private_key_jwt"}},\n"jwks": {"keys": [{"kty": "RSA", "e": "AQAB", "kid": "{B43}",\n  "n": "{B120}"}]}',
  ],
  [
    'ent73-okta-system-log-event-ids',
    '{"uuid": "{h8}-{h4}-{h4}-{h4}-{h12}", "eventType": "user.session.start",\n "transaction": {"type": "WEB", "id": "{a27}"},\n "debugContext": {"debugData": {"requestId": "{a27}", "requestUri": "/api/v1/authn"}},\n "actor": {"id": "00u{a17}", "type": "User"}}',
  ],
  [
    'ent73-snowflake-alter-user-rsa-public-key',
    "ALTER USER DBT_SVC SET RSA_PUBLIC_KEY='MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b64}{b64}{b64}{b64}{b64}{b12}QIDAQAB';",
  ],
  [
    'ent73-snowflake-desc-user-public-key-fingerprint',
    'property              | value\nRSA_PUBLIC_KEY_FP     | SHA256:{b43}=\nRSA_PUBLIC_KEY_2_FP   | null\nDEFAULT_ROLE          | TRANSFORMER',
  ],
  [
    'ent73-snowflake-externalbrowser-connection',
    'conn = snowflake.connector.connect(account="acme-xy12345", user="J.PARK@ACME.COM",\n                                   authenticator="externalbrowser", warehouse="ADHOC_WH")\nprint(conn.cursor().execute("SELECT LAST_QUERY_ID()").fetchone())  # 01b{h5}-0002-{h4}-0000-{h12}',
  ],
  [
    'ent73-tableau-luids-and-pat-name-env-value',
    'tabcmd login --server https://tableau.acme.com --site ops \\\n  --token-name ci-bot --token-value "$TABLEAU_PAT_SECRET"\n# workbook LUID {h8}-{h4}-{h4}-{h4}-{h12}, datasource LUID {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'ent73-orcid-ids-and-put-codes-json',
    '{"orcid-identifier": {"uri": "https://orcid.org/0000-0002-{d4}-{d3}X", "path": "0000-0002-{d4}-{d3}X"},\n "works": [{"put-code": {d8}, "title": "Soil carbon fluxes under drought", "external-id": "10.1038/s41558-0{d2}-{d5}-{d1}"}]}',
  ],
  [
    'ent73-citation-cff-orcid-doi-commit',
    'cff-version: 1.2.0\ntitle: hydro-toolkit\ndoi: 10.5281/zenodo.{d7}\ncommit: {h40}\nauthors:\n  - family-names: Okafor\n    given-names: Amara\n    orcid: "https://orcid.org/0000-0003-{d4}-{d4}"',
  ],
  [
    'ent73-zenodo-record-json-md5-bucket-uuid',
    '{"id": {d7}, "conceptrecid": "{d7}", "doi": "10.5281/zenodo.{d7}",\n "files": [{"key": "model-v2.tar.gz", "size": 1482031129, "checksum": "md5:{h32}",\n   "links": {"self": "https://zenodo.org/api/records/{d7}/files/model-v2.tar.gz/content"}}],\n "links": {"bucket": "https://zenodo.org/api/files/{h8}-{h4}-{h4}-{h4}-{h12}"}}',
  ],
  [
    'ent73-figshare-article-json-computed-md5',
    '{"id": {d8}, "doi": "10.6084/m9.figshare.{d8}.v2", "version": 2,\n "files": [{"id": {d8}, "name": "counts.h5ad", "computed_md5": "{h32}", "supplied_md5": "{h32}"}]}',
  ],
  [
    'ent73-osf-node-guids-and-waterbutler-url',
    'OSF project {l5} / component {l5}\ndownload: https://files.osf.io/v1/resources/{l5}/providers/osfstorage/{h24}?action=download&direct&version=3',
  ],
  [
    'ent73-dataverse-curl-env-key-persistent-id',
    'curl -H "X-Dataverse-key:$API_TOKEN" \\\n  "https://dataverse.harvard.edu/api/datasets/:persistentId/versions/:latest?persistentId=doi:10.7910/DVN/{U6}"',
  ],
  [
    'ent73-globus-transfer-endpoint-and-task-uuids',
    '$ globus transfer {h8}-{h4}-{h4}-{h4}-{h12}:/scratch/run42/ {h8}-{h4}-{h4}-{h4}-{h12}:/archive/run42/ --recursive\nMessage: The transfer has been accepted and a task has been created and queued for execution\nTask ID: {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'ent73-globus-client-secret-from-pass',
    'export GLOBUS_CLI_CLIENT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nexport GLOBUS_CLI_CLIENT_SECRET="$(pass show hpc/globus-automation)"\nglobus whoami',
  ],
  [
    'ent73-redcap-r-token-from-sys-getenv',
    'ds <- REDCapR::redcap_read(\n  redcap_uri = "https://redcap.ctsi.univ.edu/api/",\n  token      = Sys.getenv("REDCAP_TOKEN_SLEEPSTUDY"),\n  events     = c("baseline_arm_1", "month_6_arm_1")\n)$data',
  ],
  [
    'ent73-redcap-api-token-page-masked',
    'My API tokens — Project ID 14231 "Sleep Study"\n  Token: ****************************4F1A   Rights: Export, Import   Last used: 2024-06-02 03:10\n  Project ID 8812 "Pilot CT": no token requested',
  ],
  [
    'ent73-qualtrics-survey-and-response-ids-env-token',
    'curl -H "X-API-TOKEN: ${QUALTRICS_API_TOKEN}" \\\n  "https://ca1.qualtrics.com/API/v3/surveys/SV_{a15}/responses/R_{a15}"',
  ],
  [
    'ent73-ncbi-esearch-json-webenv',
    '{"header": {"type": "esearch", "version": "0.3"},\n "esearchresult": {"count": "4821", "retmax": "20", "querykey": "1",\n  "webenv": "MCID_{h24}", "idlist": ["{d8}", "{d8}"]}}',
  ],
  [
    'ent73-entrez-email-tool-only-no-key',
    'from Bio import Entrez\nEntrez.email = "r.okafor@lab.univ.edu"\nEntrez.tool = "hydro-lit-review"\nhandle = Entrez.efetch(db="pubmed", id="{d8},{d8}", rettype="abstract", retmode="text")',
  ],
  [
    'ent73-sbatch-header-account-partition-mail',
    '#!/bin/bash\n#SBATCH --job-name=align_{l6}\n#SBATCH --account=proj-{d6}\n#SBATCH --partition=gpu-a100\n#SBATCH --mail-user=jdoe@univ.edu\n#SBATCH --mail-type=END,FAIL\n#SBATCH --output=logs/%x-%j.out',
  ],
  [
    'ent73-sacct-output-job-ids',
    'JobID           JobName  Partition    Account  AllocCPUS      State ExitCode\n------------ ---------- ---------- ---------- ---------- ---------- --------\n{d7}          align_ref   gpu-a100 proj-{d6}         16  COMPLETED      0:0\n{d7}.batch        batch            proj-{d6}         16  COMPLETED      0:0',
  ],
  [
    'ent73-spack-find-long-hashes',
    '$ spack find -l openmpi hdf5\n-- linux-rocky8-zen3 / gcc@12.2.0 --------------------------------\n{k7} hdf5@1.14.3  {k7} openmpi@4.1.6\n$ spack find --format "{name}@{version} {hash}" hdf5\nhdf5@1.14.3 {k32}',
  ],
  [
    'ent73-jupyter-log-token-elided-dots',
    '[I 2024-06-03 10:14:22.901 ServerApp] Jupyter Server 2.14.0 is running at:\n[I 2024-06-03 10:14:22.901 ServerApp] http://gpu-node042:8888/lab?token=...\n[I 2024-06-03 10:14:22.901 ServerApp]     http://127.0.0.1:8888/lab?token=...',
  ],
  [
    'ent73-jupyter-config-token-from-env',
    'c.ServerApp.ip = "0.0.0.0"\nc.IdentityProvider.token = os.environ.get("JUPYTER_TOKEN", "")\nc.ServerApp.open_browser = False',
  ],
  [
    'ent73-irods-environment-json-no-password',
    '{\n    "irods_host": "irods.hpc.univ.edu",\n    "irods_port": 1247,\n    "irods_user_name": "jdoe",\n    "irods_zone_name": "univZone",\n    "irods_authentication_scheme": "pam_password",\n    "irods_default_resource": "ceph_resc",\n    "irods_client_server_policy": "CS_NEG_REQUIRE"\n}',
  ],
  [
    'ent73-irods-ichksum-sha256-output',
    '$ ichksum -K /univZone/projects/genomics/run_0412/sample07.cram\n    sample07.cram    sha2:{b43}=\n$ ils -L sample07.cram | tail -1\n        generic    /irods/ceph/projects/genomics/run_0412/sample07.cram',
  ],
  [
    'ent73-radosgw-bucket-stats-ids',
    '{"bucket": "lab-imaging", "id": "{h8}-{h4}-{h4}-{h4}-{h12}.{d7}.{d2}",\n "marker": "{h8}-{h4}-{h4}-{h4}-{h12}.{d7}.{d2}", "owner": "lab-imaging",\n "usage": {"rgw.main": {"size_actual": 88201416704, "num_objects": 40213}}}',
  ],
  [
    'ent73-b2-bucket-get-ids-no-key',
    '$ b2 bucket get lab-backups\n{"accountId": "{h12}", "bucketId": "{h24}", "bucketName": "lab-backups",\n "bucketType": "allPrivate", "lifecycleRules": [], "revision": 3}',
  ],
  [
    'ent73-s3cfg-env-refs-ceph',
    '[default]\nhost_base = rgw.storage.univ.edu\naccess_key = ${CEPH_ACCESS_KEY}\nsecret_key = ${CEPH_SECRET_KEY}',
  ],
  ['ent73-renviron-paths-empty-pat', 'R_LIBS_USER=/home/jdoe/R/4.3\nR_MAX_VSIZE=64Gb\nGITHUB_PAT=\nTZ=America/New_York'],
  [
    'ent73-matlab-lm-license-file-lmstat',
    'export LM_LICENSE_FILE=27000@lic01.hpc.univ.edu\n$ lmutil lmstat -a -c 27000@lic01.hpc.univ.edu | head -4\nLicense server status: 27000@lic01.hpc.univ.edu\n    lic01.hpc.univ.edu: license server UP (MASTER) v11.19.5\nUsers of MATLAB:  (Total of 500 licenses issued;  Total of 137 licenses in use)',
  ],
  [
    'ent73-sas-libname-authdomain-no-password',
    'libname dw oracle authdomain="OracleAuth" path="//ora-scan.univ.edu:1521/DWPRD" schema=CLIN;\nlibname edw sqlsvr datasrc="EDW_PROD" authdomain="SQLSvrAuth" schema=rpt;',
  ],
  [
    'ent73-sas-password-from-sysget',
    '%let dbpw = %sysget(SAS_DB_PW);\nlibname ods odbc dsn=ods_prod user=sas_etl password="&dbpw" schema=dbo;',
  ],
  [
    'ent73-ldapsearch-password-file-and-prompt',
    'ldapsearch -x -H ldaps://ldap.univ.edu -D "uid=svc-slurm,ou=svc,dc=univ,dc=edu" -y /root/.ldap_bind.pw -b "ou=people,dc=univ,dc=edu" "(uid=jdoe)"\nldapwhoami -x -W -D "uid=jdoe,ou=people,dc=univ,dc=edu"',
  ],
  [
    'ent73-kinit-keytab-and-klist',
    '$ kinit -kt /etc/security/keytabs/svc-hdfs.keytab svc-hdfs@HPC.UNIV.EDU\n$ klist\nTicket cache: FILE:/tmp/krb5cc_{d5}\nDefault principal: svc-hdfs@HPC.UNIV.EDU\n06/03/2024 10:02:11  06/03/2024 20:02:11  krbtgt/HPC.UNIV.EDU@HPC.UNIV.EDU',
  ],
  [
    'ent73-cluster-bashrc-no-secrets',
    '# ~/.bashrc\nmodule load gcc/12.2 cuda/12.1\nexport OMP_NUM_THREADS=8\nexport CONDA_ENVS_PATH=/project/mlab/envs\nexport WANDB_DIR=/scratch/$USER/wandb',
  ],
  [
    'ent73-semantic-scholar-paper-ids-sha',
    '{"data": [{"paperId": "{h40}", "corpusId": {d9}, "externalIds": {"DOI": "10.18653/v1/2023.acl-long.{d3}"}, "title": "Retrieval-augmented protein design"}]}',
  ],
  [
    'ent73-zotero-item-keys-library-ids',
    'Group library {d7}: items {U8}, {U8}, {U8} moved to collection {U8}\nhttps://www.zotero.org/groups/{d7}/hydrolab/items/{U8}/library',
  ],
  [
    'ent73-wandb-run-url-ids',
    'wandb: Syncing run ancient-sun-42\nwandb: View project at https://wandb.ai/mlab/protein-lm\nwandb: View run at https://wandb.ai/mlab/protein-lm/runs/{l8}\nwandb: Run data is saved locally in /scratch/jdoe/wandb/run-20240603_101422-{l8}',
  ],
  [
    'ent73-gurobi-wls-ids-only-secret-from-vault',
    'WLSACCESSID={h8}-{h4}-{h4}-{h4}-{h12}\nLICENSEID={d7}\n# WLSSECRET is injected at job start from Vault (secret/hpc/gurobi)',
  ],
  [
    'ent73-redcap-csv-export-record-ids',
    'record_id,redcap_event_name,redcap_repeat_instrument,redcap_data_access_group,age,bmi\n1001-{d3},baseline_arm_1,,site_{l3},54,27.3\n1002-{d3},baseline_arm_1,,site_{l3},61,31.0',
  ],
  [
    'ent73-okta-token-placeholder-angle-brackets',
    'curl -H "Authorization: SSWS <okta_api_token>" \\\n  "https://acme.okta.com/api/v1/users/me"',
  ],
  [
    'ent73-snowflake-key-pair-setup-docs-env-passphrase',
    'openssl genrsa 2048 | openssl pkcs8 -topk8 -v2 aes256 -inform PEM -out rsa_key.p8 -passout env:SNOWFLAKE_PRIVATE_KEY_PASSPHRASE\nopenssl rsa -in rsa_key.p8 -passin env:SNOWFLAKE_PRIVATE_KEY_PASSPHRASE -pubout -out rsa_key.pub',
  ],
  [
    'ent73-sap-jco-destination-password-from-secure-store',
    'jco.client.ashost=sapprd-ci.acme.local\njco.client.sysnr=00\njco.client.client=100\njco.client.user=JCO_SVC\n# jco.client.passwd is read from the SAP Secure Store (destination PRD_RFC) at runtime\njco.client.lang=en',
  ],
  [
    'ent73-salesforce-named-credential-callout-no-secret',
    "HttpRequest req = new HttpRequest();\nreq.setEndpoint('callout:GeoCode_API/v1/lookup?addr=' + EncodingUtil.urlEncode(addr, 'UTF-8'));\nreq.setHeader('X-Api-Key', '{!$Credential.GeoCode_API.ApiKey}');\nreq.setMethod('GET');",
  ],
];
