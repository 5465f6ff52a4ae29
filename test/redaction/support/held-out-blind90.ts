/** A ninetieth held-out batch, written blind for scientific and research computing: HPC clusters (Slurm, PBS, modules, munge), research data services, public science APIs, R/Stata/SAS/MATLAB/Julia/Mathematica analysis stacks, lab and clinical tools, notebooks, DVC/MLflow, with look-alikes from accessions, DOIs, ORCID iDs, checksums, job and run ids. */
export const BLIND90_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'sci90-slurm-scontrol-token-output-jwt',
    '$ scontrol token username=mlee lifespan=7200\nSLURM_JWT=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjE3{B40}.{B43}»',
  ],
  [
    'sci90-slurmdbd-conf-storagepass',
    '# /etc/slurm/slurmdbd.conf\nDbdHost=slurmdb01\nSlurmUser=slurm\nStorageType=accounting_storage/mysql\nStorageHost=mariadb.hpc.internal\nStorageUser=slurm\nStoragePass=«{a20}»\nLogFile=/var/log/slurm/slurmdbd.log',
  ],
  [
    'sci90-sbatch-script-export-ncbi-api-key',
    '#!/bin/bash\n#SBATCH --job-name=blast_nr\n#SBATCH --cpus-per-task=16\n#SBATCH --mem=64G\n#SBATCH --time=24:00:00\nmodule load blast-plus/2.14.0\nexport NCBI_API_KEY=«{h36}»\npython fetch_taxa.py --email m.lee@uni.edu --db nuccore',
  ],
  [
    'sci90-munge-key-base64-dump-terminal',
    '[root@slurmctl01 ~]# base64 -w0 /etc/munge/munge.key\n«{b86}==»\n[root@slurmctl01 ~]# # copying this to the new gpu nodes, is that the right way?',
  ],
  [
    'sci90-sbatch-wrap-globus-client-secret',
    'sbatch -p dtn --wrap "export GLOBUS_CLIENT_ID={h8}-{h4}-{h4}-{h4}-{h12}; export GLOBUS_CLIENT_SECRET=«{b43}=»; python sync_to_archive.py --src /scratch/lab/run42"',
  ],
  [
    'sci90-pbs-qsub-v-cdsapi-key',
    'qsub -N era5_pull -l select=1:ncpus=4:mem=16gb -l walltime=06:00:00 \\\n  -v CDSAPI_URL=https://cds.climate.copernicus.eu/api,CDSAPI_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}» \\\n  download_era5.pbs',
  ],
  [
    'sci90-pbs-script-earthdata-password-export',
    "#PBS -N modis_sync\n#PBS -q workq\n#PBS -l walltime=12:00:00\ncd $PBS_O_WORKDIR\nexport EARTHDATA_USERNAME=jsantos\nexport EARTHDATA_PASSWORD='«{a16}»'\npython -m modis_sync --collection MOD09GA --start 2024-01-01",
  ],
  [
    'sci90-lmod-lua-gurobi-wls-secret',
    '-- /apps/modulefiles/gurobi/11.0.lua\nwhatis("Gurobi Optimizer 11.0 (Web License Service)")\nprepend_path("PATH", "/apps/gurobi/11.0/bin")\nsetenv("WLSACCESSID", "{h8}-{h4}-{h4}-{h4}-{h12}")\nsetenv("WLSSECRET", "«{h8}-{h4}-{h4}-{h4}-{h12}»")\nsetenv("LICENSEID", "{d7}")',
  ],
  [
    'sci90-tcl-modulefile-ceph-s3-secret',
    '#%Module1.0\n## labdata/ceph-s3 -- credentials for the group bucket\nmodule-whatis "S3 access to s3.hpc.uni.edu/lab-genomics"\nsetenv S3_ENDPOINT_URL https://s3.hpc.uni.edu\nsetenv AWS_ACCESS_KEY_ID {U20}\nsetenv AWS_SECRET_ACCESS_KEY «{a40}»',
  ],
  [
    'sci90-slurm-job-out-env-mlflow-password',
    '==> slurm-48213377.out <==\n[2024-05-14 02:11:09] node c2-14 starting task 3/64\n[2024-05-14 02:11:09] env: MLFLOW_TRACKING_URI=https://mlflow.lab.uni.edu MLFLOW_TRACKING_USERNAME=svc-train MLFLOW_TRACKING_PASSWORD=«{a24}»\n[2024-05-14 02:11:10] loaded 12843 samples from /scratch/lab/cells',
  ],
  [
    'sci90-slurm-prolog-sshpass-rsync',
    '# /etc/slurm/prolog.d/50-stage-in.sh\nif [[ -n "$SLURM_JOB_ID" ]]; then\n  sshpass -p \'«{a14}»\' rsync -az stage@archive01:/tape/$SLURM_JOB_USER/inbox/ /scratch/$SLURM_JOB_ID/\nfi',
  ],
  [
    'sci90-rsync-password-env-daemon-pull',
    "$ RSYNC_PASSWORD='«{a18}»' rsync -avP rsync://mirror@data.lab.uni.edu/raw/2024-06/ ./raw/\nreceiving incremental file list\n2024-06/run_0612/",
  ],
  ['sci90-rsyncd-secrets-two-users', '# /etc/rsyncd.secrets  (chmod 600, owned by root)\nmirror:«{a20}»\nbackup:«{a20}»'],
  [
    'sci90-openssh-private-key-cluster-paste',
    "here's the key the admins gave me for the login node (~/.ssh/id_ed25519_hpc), it keeps saying permission denied:\n«-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n{b70}\n{b70}\n{b70}\n{b24}==\n-----END OPENSSH PRIVATE KEY-----»",
  ],
  [
    'sci90-expect-script-ssh-password-login-node',
    '#!/usr/bin/expect -f\nspawn ssh -o StrictHostKeyChecking=no ana@login.cluster.uni.edu\nexpect "Password:"\nsend "«{a16}»\\r"\nexpect "$ "\nsend "squeue -u ana\\r"',
  ],
  [
    'sci90-slurmrestd-curl-user-token-header',
    'curl -s -H "X-SLURM-USER-NAME: kpatel" \\\n     -H "X-SLURM-USER-TOKEN: «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{B64}.{B43}»" \\\n     http://slurmrestd.hpc.internal:6820/slurm/v0.0.40/jobs | jq \'.jobs[].job_id\' ',
  ],
  [
    'sci90-slurm-jwt-hs256-key-xxd',
    '[root@slurmctl01 statesave]# xxd -p -c 64 jwt_hs256.key\n«{h64}»\n[root@slurmctl01 statesave]# ls -l jwt_hs256.key\n-rw------- 1 slurm slurm 32 Mar  4 10:12 jwt_hs256.key',
  ],
  [
    'sci90-ood-portal-yml-oidc-client-secret',
    '# /etc/ood/config/ood_portal.yml\nservername: ondemand.hpc.uni.edu\noidc_uri: /oidc\noidc_provider_metadata_url: https://keycloak.uni.edu/realms/hpc/.well-known/openid-configuration\noidc_client_id: ondemand.hpc.uni.edu\noidc_client_secret: «{a32}»\noidc_remote_user_claim: preferred_username',
  ],
  [
    'sci90-xdmod-portal-settings-db-pass',
    '; /etc/xdmod/portal_settings.ini\n[database]\nhost = "localhost"\nport = "3306"\nuser = "xdmod"\npass = "«{a18}»"',
  ],
  [
    'sci90-apptainer-remote-login-tokenfile-heredoc',
    "$ apptainer remote login --tokenfile /dev/stdin SylabsCloud <<< '«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.{B120}.{B86}»'\nINFO:    Token stored in /home/rk/.apptainer/remote.yaml",
  ],
  [
    'sci90-singularity-docker-password-dckr-pat',
    'export SINGULARITY_DOCKER_USERNAME=labbot\nexport SINGULARITY_DOCKER_PASSWORD=«dckr_pat_{B27}»\nsingularity pull --dir /apps/containers docker://labbot/cellpose:3.0.8',
  ],
  [
    'sci90-nextflow-config-tower-access-token',
    "tower {\n  enabled     = true\n  accessToken = '«eyJ0aWQiOiA{B44}»'\n  workspaceId = '{d15}'\n}",
  ],
  [
    'sci90-nextflow-secrets-set-ncbi',
    '$ nextflow secrets set NCBI_API_KEY «{h36}»\n$ nextflow run nf-core/fetchngs -profile singularity --input ids.csv -r 1.12.0',
  ],
  [
    'sci90-snakemake-profile-s3-storage-secret',
    '# profiles/hpc/config.yaml\nexecutor: slurm\njobs: 200\ndefault-storage-provider: s3\ndefault-storage-prefix: s3://lab-genomics/runs\nstorage-s3-endpoint-url: https://s3.hpc.uni.edu\nstorage-s3-access-key: {U20}\nstorage-s3-secret-key: «{a40}»',
  ],
  [
    'sci90-sssd-conf-ldap-bind-authtok',
    '# /etc/sssd/sssd.conf on compute nodes\n[domain/hpc]\nid_provider = ldap\nldap_uri = ldaps://ldap.hpc.uni.edu\nldap_default_bind_dn = cn=nodebind,ou=svc,dc=hpc,dc=uni,dc=edu\nldap_default_authtok = «{a18}»',
  ],
  [
    'sci90-htcondor-idtoken-file-cat',
    '$ cat ~/.condor/tokens.d/ap40.uw.osg-htc.org\n«eyJhbGciOiJIUzI1NiIsImtpZCI6IlBPT0wifQ.{B140}.{B43}»',
  ],
  [
    'sci90-scitoken-bearer-token-file-cat',
    '$ htgettoken -a htvaultprod.fnal.gov -i dune\nStoring bearer token in /run/user/51234/bt_u51234\n$ cat /run/user/51234/bt_u51234\n«eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiIsImtpZCI6ImtleS1yczI1NiJ9.{B200}.{B86}»',
  ],
  [
    'sci90-paramiko-connect-login-node-password',
    'client = paramiko.SSHClient()\nclient.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nclient.connect("login.hpc.uni.edu", username="vkumar", password="«{a16}»")\nstdin, stdout, stderr = client.exec_command("sbatch ~/jobs/train.sh")',
  ],
  [
    'sci90-fabric-connection-connect-kwargs-password',
    'from fabric import Connection\nc = Connection("dtn.hpc.uni.edu", user="vkumar", connect_kwargs={"password": "«{a16}»"})\nc.put("results.tar.gz", remote="/project/lab/incoming/")',
  ],
  [
    'sci90-winscp-script-sftp-url-password-hostkey',
    'open sftp://vkumar:«{a14}»@dtn.hpc.uni.edu/ -hostkey="ssh-ed25519 255 {B43}"\nsynchronize remote C:\\data\\microscopy /project/lab/microscopy\nexit',
  ],
  [
    'sci90-openstack-clouds-yaml-jetstream-app-cred',
    'clouds:\n  openstack:\n    auth:\n      auth_url: https://js2.jetstream-cloud.org:5000/v3/\n      application_credential_id: "{h32}"\n      application_credential_secret: "«{B86}»"\n    region_name: "IU"\n    interface: "public"\n    auth_type: "v3applicationcredential"',
  ],
  [
    'sci90-globus-sdk-client-app-secret-const',
    'import globus_sdk\n\nCLIENT_ID = "{h8}-{h4}-{h4}-{h4}-{h12}"\nCLIENT_SECRET = "«{b43}=»"\napp = globus_sdk.ClientApp("lab-sync", client_id=CLIENT_ID, client_secret=CLIENT_SECRET)\ntc = globus_sdk.TransferClient(app=app)',
  ],
  [
    'sci90-globus-transfer-bearer-curl',
    'curl -s -H "Authorization: Bearer «Ag{a52}»" \\\n  "https://transfer.api.globus.org/v0.10/endpoint_search?filter_fulltext=NERSC%20DTN" | jq \'.DATA[].id\' ',
  ],
  [
    'sci90-globus-compute-endpoint-env-secret',
    'export GLOBUS_COMPUTE_CLIENT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nexport GLOBUS_COMPUTE_CLIENT_SECRET=«{b43}=»\nglobus-compute-endpoint start gpu-a100',
  ],
  [
    'sci90-globus-token-storage-json-access-refresh',
    '{"transfer.api.globus.org": {"scope": "urn:globus:auth:scope:transfer.api.globus.org:all", "access_token": "«Ag{a52}»", "refresh_token": "«Ag{a80}»", "expires_at_seconds": 17{d8}, "resource_server": "transfer.api.globus.org", "token_type": "Bearer"}}',
  ],
  [
    'sci90-python-irodsclient-session-password',
    'from irods.session import iRODSSession\nwith iRODSSession(host="irods.lab.uni.edu", port=1247, user="rnaseq", password="«{a16}»", zone="labZone") as session:\n    coll = session.collections.get("/labZone/home/rnaseq/2024")\n    print([o.name for o in coll.data_objects])',
  ],
  [
    'sci90-iinit-heredoc-password',
    '$ ienv | grep irods_host\nirods_host - irods.lab.uni.edu\n$ iinit <<EOF\n«{a14}»\nEOF\n$ ils /labZone/home/rnaseq',
  ],
  ['sci90-irodsa-scrambled-file-cat', '$ cat ~/.irods/.irodsA\n«{a24}»\n$ # is this file safe to commit with the rest of my dotfiles?'],
  [
    'sci90-zenodo-token-python-requests-params',
    'ACCESS_TOKEN = "«{a60}»"\nr = requests.post(\n    "https://zenodo.org/api/deposit/depositions",\n    params={"access_token": ACCESS_TOKEN},\n    json={},\n)\nbucket_url = r.json()["links"]["bucket"]',
  ],
  [
    'sci90-zen4r-zenodo-manager-token',
    'library(zen4R)\nzenodo <- ZenodoManager$new(token = "«{a60}»", logger = "INFO")\nmyrec <- zenodo$getDepositionByConceptDOI("10.5281/zenodo.{d7}")',
  ],
  [
    'sci90-figshare-token-auth-header-python',
    'BASE = "https://api.figshare.com/v2"\nheaders = {"Authorization": "token «{h128}»"}\nresp = requests.get(f"{BASE}/account/articles", headers=headers, params={"page_size": 100})',
  ],
  ['sci90-osf-token-export-osfclient-upload', 'export OSF_TOKEN=«{a70}»\nosf -p {l5} upload -r results/ results/'],
  [
    'sci90-osfr-osf-auth-call',
    'library(osfr)\nosf_auth(token = "«{a70}»")\nproj <- osf_retrieve_node("{l5}")\nosf_upload(proj, path = "figures/", conflicts = "overwrite")',
  ],
  [
    'sci90-dataverse-header-curl-add-file',
    'export SERVER_URL=https://dataverse.harvard.edu\ncurl -H "X-Dataverse-key: «{h8}-{h4}-{h4}-{h4}-{h12}»" -X POST \\\n  "$SERVER_URL/api/datasets/:persistentId/add?persistentId=doi:10.7910/DVN/{U6}" \\\n  -F file=@counts.tab',
  ],
  ['sci90-dataverse-renviron-key', '# ~/.Renviron\nDATAVERSE_SERVER="dataverse.harvard.edu"\nDATAVERSE_KEY="«{h8}-{h4}-{h4}-{h4}-{h12}»"'],
  [
    'sci90-pydataverse-nativeapi-positional-token',
    'from pyDataverse.api import NativeApi\napi = NativeApi("https://demo.dataverse.org", "«{h8}-{h4}-{h4}-{h4}-{h12}»")\nresp = api.get_dataset("doi:10.70122/FK2/{U6}")',
  ],
  [
    'sci90-orcid-member-api-client-credentials-curl',
    'curl -i -H "Accept: application/json" \\\n  -d "client_id=APP-{U16}" \\\n  -d "client_secret=«{h8}-{h4}-{h4}-{h4}-{h12}»" \\\n  -d "grant_type=client_credentials" -d "scope=/read-public" \\\n  https://orcid.org/oauth/token',
  ],
  [
    'sci90-orcid-oauth-token-response-json',
    '{"access_token":"«{h8}-{h4}-{h4}-{h4}-{h12}»","token_type":"bearer","refresh_token":"«{h8}-{h4}-{h4}-{h4}-{h12}»","expires_in":631138518,"scope":"/read-limited","name":"Sofia Lindqvist","orcid":"0000-0002-{d4}-{d4}"}',
  ],
  [
    'sci90-dryad-oauth-client-credentials-curl',
    'curl -X POST https://datadryad.org/oauth/token \\\n  -d grant_type=client_credentials \\\n  -d client_id={B43} \\\n  -d client_secret=«{B43}»',
  ],
  [
    'sci90-datacite-fabrica-user-flag-curl',
    'curl -X POST -H "Content-Type: application/vnd.api+json" \\\n  --user UNIV.LIBRARY:«{a16}» -d @doi.json https://api.datacite.org/dois',
  ],
  [
    'sci90-invenio-cfg-datacite-password',
    '# invenio.cfg\nDATACITE_ENABLED = True\nDATACITE_USERNAME = "UNIV.LIBRARY"\nDATACITE_PASSWORD = "«{a20}»"\nDATACITE_PREFIX = "10.{d5}"\nDATACITE_TEST_MODE = False',
  ],
  [
    'sci90-crossref-deposit-form-login-passwd',
    "curl -F 'operation=doMDUpload' -F 'login_id=unvp' -F 'login_passwd=«{a14}»' \\\n  -F 'fname=@batch_0614.xml' https://doi.crossref.org/servlet/deposit",
  ],
  [
    'sci90-synapse-config-authtoken',
    '# ~/.synapseConfig\n[authentication]\nusername = jchen\nauthtoken = «eyJ0eXAiOiJKV1QiLCJraWQiOiJXN05OOldMSlQ6SjVSSzpMN1RMOlQ3TDc6M1ZYNjpKRU9VOjY0NFI6VTNJWDo1S1oyOjdaQ0s6RlBUSCIsImFsZyI6IlJTMjU2In0.{B180}.{B342}»',
  ],
  ['sci90-dx-login-token-flag', '$ dx login --token «{a32}» --noprojects\n$ dx select project-{a24}'],
  [
    'sci90-basespace-default-cfg-access-token',
    '# ~/.basespace/default.cfg\napiServer   = https://api.basespace.illumina.com\naccessToken = «{h32}»',
  ],
  [
    'sci90-sevenbridges-credentials-ini',
    '# ~/.sevenbridges/credentials\n[cgc]\napi_endpoint = https://cgc-api.sbgenomics.com/v2\nauth_token = «{h32}»',
  ],
  [
    'sci90-hydroshare-auth-basic-password',
    'from hs_restclient import HydroShare, HydroShareAuthBasic\nauth = HydroShareAuthBasic(username="mtran", password="«{a14}»")\nhs = HydroShare(auth=auth)\nhs.getResource("{h32}", destination="./data", unzip=True)',
  ],
  [
    'sci90-ckan-api-token-jwt-header',
    'curl -H "Authorization: «eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJqdGkiOiJ{B50}.{B43}»" \\\n  https://data.city-science.org/api/3/action/package_create -d @package.json',
  ],
  [
    'sci90-zotero-pyzotero-api-key-positional',
    'from pyzotero import zotero\nzot = zotero.Zotero("{d7}", "user", "«{a24}»")\nitems = zot.top(limit=50)',
  ],
  ['sci90-overleaf-git-clone-token-url', 'git clone https://git:«olp_{a36}»@git.overleaf.com/{h24} grant-proposal'],
  ['sci90-datalad-credentials-set-secret', "$ datalad credentials set name=gin-lab type=token secret=«{h40}»\ncredential 'gin-lab' stored"],
  ['sci90-gin-gnode-clone-token-url', 'git clone https://ylee:«{h40}»@gin.g-node.org/ylee/ephys-2024.git'],
  ['sci90-dandi-api-key-export-upload', 'export DANDI_API_KEY=«{h40}»\ndandi upload -i dandi --validation skip sub-001/'],
  [
    'sci90-physionet-wget-password-flag',
    "wget -r -N -c -np --user jdoe --password '«{a16}»' https://physionet.org/files/mimic-iv-note/2.2/",
  ],
  ['sci90-ukbkey-file-app-id-and-key', '$ cat .ukbkey\n{d5}\n«{a64}»\n$ ./ukbfetch -bbulk.lst -ak.ukbkey'],
  ['sci90-pyega3-credentials-json-password', '{\n  "username": "ega-box-{d4}@ebi.ac.uk",\n  "password": "«{a16}»"\n}'],
  [
    'sci90-cbioportal-data-access-token-header',
    'curl -H "Authorization: Bearer «{h8}-{h4}-{h4}-{h4}-{h12}»" \\\n  "https://cbioportal.lab.uni.edu/api/studies/brca_tcga_pan_can_atlas_2018/patients?pageSize=500"',
  ],
  [
    'sci90-gdc-user-token-file-cat',
    '$ cat ~/gdc-user-token.2024-06-11T09_12_33.742Z.txt\n«{B220}»\n$ gdc-client download -m manifest.txt -t ~/gdc-user-token.2024-06-11T09_12_33.742Z.txt',
  ],
  [
    'sci90-terra-google-oauth-access-token-export',
    'export GOOGLE_OAUTH_ACCESS_TOKEN=«ya29.{B150}»\ngsutil -u terra-billing-lab cp gs://fc-{h8}-{h4}-{h4}-{h4}-{h12}/aligned/*.cram .',
  ],
  ['sci90-ena-aspera-scp-pass-webin', 'ASPERA_SCP_PASS=«{a14}» ascp -QT -l300M -L- reads/ Webin-{d5}@webin.ebi.ac.uk:.'],
  [
    'sci90-sra-lftp-subftp-password',
    'lftp -u subftp,«{a14}» ftp-private.ncbi.nlm.nih.gov\nlftp subftp@ftp-private.ncbi.nlm.nih.gov:~> cd uploads/lab_uni.edu_{a8}\nlftp subftp@ftp-private.ncbi.nlm.nih.gov:~> mirror -R fastq/',
  ],
  [
    'sci90-biopython-entrez-api-key-literal',
    'from Bio import Entrez\nEntrez.email = "r.okafor@uni.edu"\nEntrez.api_key = "«{h36}»"\nhandle = Entrez.efetch(db="nucleotide", id="NC_045512.2", rettype="fasta", retmode="text")',
  ],
  [
    'sci90-eutils-esearch-url-api-key-param',
    'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esearch.fcgi?db=pubmed&term=crispr+AND+2024[dp]&retmax=500&usehistory=y&api_key=«{h36}»',
  ],
  [
    'sci90-rentrez-set-entrez-key',
    'library(rentrez)\nset_entrez_key("«{h36}»")\nSys.getenv("ENTREZ_KEY")\nres <- entrez_search(db = "sra", term = "SARS-CoV-2[Organism] AND 2023[PDAT]")',
  ],
  [
    'sci90-ncbi-datasets-cli-api-key-flag',
    'datasets download genome taxon "Mus musculus" --reference --include gff3,rna,protein --api-key «{h36}» --filename mm_ref.zip',
  ],
  [
    'sci90-earthdata-netrc-urs-line',
    '$ cat ~/.netrc\nmachine urs.earthdata.nasa.gov login tgarcia password «{a18}»\n$ chmod 0600 ~/.netrc',
  ],
  [
    'sci90-earthdata-bearer-jwt-wget-header',
    'wget --header "Authorization: Bearer «eyJ0eXAiOiJKV1QiLCJvcmlnaW4iOiJFYXJ0aGRhdGEgTG9naW4iLCJzaWciOiJlZGxqd3RwdWJrZXlfb3BzIiwiYWxnIjoiUlMyNTYifQ.{B160}.{B342}»" \\\n  -r -np -nd https://e4ftl01.cr.usgs.gov/MOLT/MOD09GA.061/2024.06.01/',
  ],
  [
    'sci90-earthaccess-dotenv-token',
    '# .env for the notebook\nEARTHDATA_TOKEN=«eyJ0eXAiOiJKV1QiLCJvcmlnaW4iOiJFYXJ0aGRhdGEgTG9naW4iLCJzaWciOiJlZGxqd3RwdWJrZXlfb3BzIiwiYWxnIjoiUlMyNTYifQ.{B150}.{B342}»\nEARTHDATA_USERNAME=tgarcia',
  ],
  ['sci90-cdsapirc-new-style-key', '$ cat ~/.cdsapirc\nurl: https://cds.climate.copernicus.eu/api\nkey: «{h8}-{h4}-{h4}-{h4}-{h12}»'],
  [
    'sci90-cdsapirc-legacy-uid-colon-key',
    'url: https://cds.climate.copernicus.eu/api/v2\nkey: {d6}:«{h8}-{h4}-{h4}-{h4}-{h12}»\nverify: 0',
  ],
  [
    'sci90-cdsapi-client-kwargs-ads',
    'import cdsapi\nc = cdsapi.Client(url="https://ads.atmosphere.copernicus.eu/api", key="«{h8}-{h4}-{h4}-{h4}-{h12}»")\nc.retrieve("cams-global-reanalysis-eac4", request, "cams_2023.nc")',
  ],
  [
    'sci90-ecmwfapirc-json-key',
    '{\n    "url"   : "https://api.ecmwf.int/v1",\n    "key"   : "«{h32}»",\n    "email" : "l.moretti@uni.it"\n}',
  ],
  ['sci90-copernicusmarine-login-password-flag', "copernicusmarine login --username hmuller --password '«{a16}»' --force-overwrite"],
  [
    'sci90-noaa-cdo-token-header-python',
    'headers = {"token": "«{L9}{U5}{L7}{U4}{L7}»"}\nurl = "https://www.ncei.noaa.gov/cdo-web/api/v2/data"\nparams = {"datasetid": "GHCND", "stationid": "GHCND:USW00094728", "startdate": "2023-01-01", "enddate": "2023-12-31", "limit": 1000}',
  ],
  [
    'sci90-rnoaa-rprofile-options-noaakey',
    '# ~/.Rprofile\noptions(noaakey = "«{L10}{U6}{L8}{U8}»")\noptions(repos = c(CRAN = "https://cloud.r-project.org"))',
  ],
  [
    'sci90-usgs-m2m-login-token-json-payload',
    ">>> resp = requests.post(f\"{base}login-token\", json={\"username\": \"kfisher\", \"token\": \"«{a64}»\"})\n>>> resp.json()\n{'requestId': {d9}, 'version': 'stable', 'data': '«{a32}»', 'errorCode': None, 'errorMessage': None}",
  ],
  [
    'sci90-mprester-positional-api-key',
    'from mp_api.client import MPRester\nwith MPRester("«{a32}»") as mpr:\n    docs = mpr.materials.summary.search(elements=["Li", "Fe", "O"], energy_above_hull=(0, 0.02))',
  ],
  [
    'sci90-pmgrc-yaml-mapi-key',
    '# ~/.config/.pmgrc.yaml\nPMG_MAPI_KEY: «{a32}»\nPMG_VASP_PSP_DIR: /apps/vasp/potcars\nPMG_DEFAULT_FUNCTIONAL: PBE_54',
  ],
  [
    'sci90-semantic-scholar-x-api-key-curl',
    'curl -s -H "x-api-key: «{a40}»" \\\n  "https://api.semanticscholar.org/graph/v1/paper/search?query=protein+folding&fields=title,year,externalIds&limit=100"',
  ],
  [
    'sci90-springer-nature-meta-url-api-key',
    'https://api.springernature.com/meta/v2/json?q=doi:10.1007/s00285-023-01950-2&api_key=«{h32}»',
  ],
  [
    'sci90-pybliometrics-config-apikey-insttoken',
    '# ~/.config/pybliometrics.cfg\n[Directories]\nAbstractRetrieval = /home/ab/.cache/pybliometrics/Scopus/abstract_retrieval\n[Authentication]\nAPIKey = «{h32}»\nInstToken = «{h32}»',
  ],
  [
    'sci90-elsevier-headers-dict-apikey-insttoken',
    'headers = {\n    "X-ELS-APIKey": "«{h32}»",\n    "X-ELS-Insttoken": "«{h32}»",\n    "Accept": "application/json",\n}',
  ],
  [
    'sci90-core-api-bearer-search-works',
    'curl -s -H "Authorization: Bearer «{a32}»" "https://api.core.ac.uk/v3/search/works?q=title:%22soil%20carbon%22&limit=50"',
  ],
  [
    'sci90-wiley-tdm-client-token-header',
    'curl -L -H "Wiley-TDM-Client-Token: «{h8}-{h4}-{h4}-{h4}-{h12}»" \\\n  -o 10.1002_ece3.10123.pdf https://api.wiley.com/onlinelibrary/tdm/v1/articles/10.1002%2Fece3.10123',
  ],
  [
    'sci90-earth-engine-service-account-json-private-key',
    '{\n  "type": "service_account",\n  "project_id": "ee-hydrology-lab",\n  "private_key_id": "{h40}",\n  "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC{b32}\\n{b64}\\n{b64}\\n{b40}=\\n-----END PRIVATE KEY-----»\\n",\n  "client_email": "ee-runner@ee-hydrology-lab.iam.gserviceaccount.com"\n}',
  ],
  ['sci90-planet-api-key-plak-export', 'export PL_API_KEY=«PLAK{h32}»\nplanet data search PSScene --filter filter.json --limit 20'],
  [
    'sci90-sentinelhub-shconfig-client-secret',
    'from sentinelhub import SHConfig\nconfig = SHConfig()\nconfig.sh_client_id = "{h8}-{h4}-{h4}-{h4}-{h12}"\nconfig.sh_client_secret = "«{a32}»"\nconfig.save("cdse")',
  ],
  [
    'sci90-opentopography-globaldem-url-api-key',
    'https://portal.opentopography.org/API/globaldem?demtype=SRTMGL1&south=36.7&north=37.1&west=-118.9&east=-118.4&outputFormat=GTiff&API_Key=«{h32}»',
  ],
  ['sci90-ebird-api-token-header-curl', 'curl -s -H "X-eBirdApiToken: «{l12}»" https://api.ebird.org/v2/data/obs/US-NY-109/recent?back=7'],
  [
    'sci90-pygbif-download-pwd-kwarg',
    'from pygbif import occurrences as occ\nocc.download(["taxonKey = 2435099", "country = BR", "hasCoordinate = TRUE"], user="mlab", pwd="«{a14}»", email="mlab@uni.br", format="SIMPLE_CSV")',
  ],
  [
    'sci90-tidycensus-census-api-key-install',
    'library(tidycensus)\ncensus_api_key("«{h40}»", install = TRUE, overwrite = TRUE)\nreadRenviron("~/.Renviron")',
  ],
  [
    'sci90-fredr-set-key',
    'library(fredr)\nfredr_set_key("«{h32}»")\ngdp <- fredr(series_id = "GDPC1", observation_start = as.Date("1990-01-01"))',
  ],
  ['sci90-ipums-api-key-renviron', 'IPUMS_API_KEY="«{a56}»"\nR_LIBS_USER="~/R/library"'],
  [
    'sci90-bioportal-apikey-url-param',
    'https://data.bioontology.org/search?q=melanoma&ontologies=NCIT,SNOMEDCT&apikey=«{h8}-{h4}-{h4}-{h4}-{h12}»',
  ],
  [
    'sci90-umls-uts-apikey-python-const',
    'UMLS_API_KEY = "«{h8}-{h4}-{h4}-{h4}-{h12}»"\nr = requests.get("https://uts-ws.nlm.nih.gov/rest/search/current", params={"string": "myocardial infarction", "apiKey": UMLS_API_KEY})',
  ],
  [
    'sci90-cosmic-basic-auth-echo-and-header',
    '$ echo \'p.ivanova@uni.edu:«{a14}»\' | base64\n$ curl -H "Authorization: Basic «{b44}»" "https://cancer.sanger.ac.uk/api/mono/products/v1/downloads/scripted?path=grch38/cosmic/v99/Cosmic_MutantCensus_Tsv_v99_GRCh38.tar&bucket=downloads"',
  ],
  ['sci90-renviron-redcap-token-upper-hex', '# ~/.Renviron\nREDCAP_URI=https://redcap.med.uni.edu/api/\nREDCAP_TOKEN_PILOT=«{H32}»'],
  [
    'sci90-redcapr-redcap-read-token-literal',
    'ds <- REDCapR::redcap_read(\n  redcap_uri = "https://redcap.med.uni.edu/api/",\n  token      = "«{H32}»",\n  fields     = c("record_id", "dob", "enroll_date")\n)$data',
  ],
  [
    'sci90-redcap-api-curl-form-token',
    "curl -X POST https://redcap.ctsi.uni.edu/api/ \\\n  -d token=«{H32}» -d content=record -d format=csv -d type=flat \\\n  -d 'fields[0]=record_id' -o records.csv",
  ],
  [
    'sci90-pycap-project-positional-token',
    'from redcap import Project\nproj = Project("https://redcap.ctsi.uni.edu/api/", "«{H32}»")\ndf = proj.export_records(format_type="df", raw_or_label="label")',
  ],
  [
    'sci90-keyring-key-set-with-value-redcapapi',
    'keyring::key_set_with_value(service = "redcapAPI", username = "tbi_cohort", password = "«{H32}»")\nrcon <- redcapAPI::redcapConnection(url = "https://redcap.uni.edu/api/", token = keyring::key_get("redcapAPI", "tbi_cohort"))',
  ],
  [
    'sci90-stata-local-token-shell-curl',
    'local token "«{H32}»"\nlocal url "https://redcap.uni.edu/api/"\nshell curl -s -d token=`token\' -d content=record -d format=csv -o redcap.csv `url\'\nimport delimited redcap.csv, clear',
  ],
  [
    'sci90-sas-proc-http-redcap-token',
    'filename out "/data/pilot/redcap.csv";\nproc http url="https://redcap.uni.edu/api/" method="POST"\n  in="token=«{H32}»&content=record&format=csv&type=flat"\n  out=out;\nrun;',
  ],
  [
    'sci90-dbi-dbconnect-rpostgres-password-arg',
    'con <- DBI::dbConnect(RPostgres::Postgres(),\n  host = "pg.epi.uni.edu", dbname = "cohort", user = "analyst",\n  password = "«{a18}»")\nvisits <- DBI::dbGetQuery(con, "SELECT * FROM visits WHERE visit_date >= \'2023-01-01\'")',
  ],
  [
    'sci90-dbi-odbc-sqlserver-pwd-arg',
    'con <- dbConnect(odbc::odbc(), Driver = "ODBC Driver 18 for SQL Server",\n  Server = "edw.hospital.org", Database = "CLARITY",\n  UID = "svc_research", PWD = "«{a20}»", TrustServerCertificate = "yes")',
  ],
  [
    'sci90-pandas-read-sql-sqlalchemy-url-password',
    'engine = create_engine("postgresql+psycopg2://analyst:«{a18}»@pg.epi.uni.edu:5432/cohort")\ndf = pd.read_sql("SELECT subject_id, visit, hba1c FROM labs", engine, parse_dates=["visit"])',
  ],
  [
    'sci90-pandas-read-sql-pymysql-connect-password',
    'conn = pymysql.connect(host="mysql.lab.uni.edu", user="lims_ro", password="«{a16}»", database="lims")\nsamples = pd.read_sql("select * from samples where project = %s", conn, params=["P0231"])',
  ],
  [
    'sci90-r-config-yml-warehouse-pwd',
    'default:\n  warehouse:\n    driver: "PostgreSQL"\n    server: "pg.epi.uni.edu"\n    database: "cohort"\n    uid: "analyst"\n    pwd: "«{a18}»"',
  ],
  [
    'sci90-rsconnect-setaccountinfo-shinyapps-secret',
    'rsconnect::setAccountInfo(name = "epi-lab",\n  token = "{H32}",\n  secret = "«{b40}»")',
  ],
  [
    'sci90-posit-connect-api-key-header-curl',
    'curl -s -H "Authorization: Key «{a32}»" https://connect.lab.uni.edu/__api__/v1/content | jq \'.[].guid\' ',
  ],
  ['sci90-rsconnect-python-add-server-api-key', 'rsconnect add --server https://connect.lab.uni.edu --name lab --api-key «{a32}»'],
  [
    'sci90-shiny-server-hardcoded-password-compare',
    'server <- function(input, output, session) {\n  observeEvent(input$login, {\n    if (identical(input$pw, "«{a14}»")) rv$authed <- TRUE\n  })\n}',
  ],
  [
    'sci90-shinymanager-credentials-data-frame',
    'credentials <- data.frame(\n  user = c("pi", "ra"),\n  password = c("«{a12}»", "«{a12}»"),\n  admin = c(TRUE, FALSE),\n  stringsAsFactors = FALSE)',
  ],
  ['sci90-sas-libname-oracle-pwencode-sas002', 'libname ora oracle user=epi_ro password="«{SAS002}{H32}»" path=EPIPROD schema=EPI;'],
  [
    'sci90-sas-libname-odbc-pw-plain',
    'libname cdw odbc dsn="CDW" user=sasuser pw="«{a16}»" schema=dbo;\nproc sql; select count(*) from cdw.encounters; quit;',
  ],
  [
    'sci90-stata-odbc-load-password-option',
    'odbc load, exec("SELECT * FROM enc WHERE adm_dt >= \'2022-01-01\'") dsn("EDW") user("stata_ro") password("«{a16}»") clear',
  ],
  [
    'sci90-stata-set-fredkey-permanently',
    '. set fredkey «{h32}», permanently\n. import fred GDPC1 UNRATE, daterange(1990 2024) aggregate(quarterly)',
  ],
  [
    'sci90-matlab-weboptions-bearer-header',
    "opts = weboptions('HeaderFields', {'Authorization', 'Bearer «{a40}»'}, 'Timeout', 60);\ndata = webread('https://api.lab.uni.edu/v1/sessions', opts);",
  ],
  [
    'sci90-matlab-database-mysql-password-positional',
    "conn = database('lims', 'lims_ro', '«{a16}»', 'Vendor', 'MySQL', 'Server', 'mysql.lab.uni.edu', 'PortNumber', 3306);\nsamples = fetch(conn, 'SELECT * FROM samples');",
  ],
  [
    'sci90-matlab-startup-setenv-cdsapi-key',
    "% startup.m\naddpath(genpath('~/matlab/toolboxes/climate'))\nsetenv('CDSAPI_URL', 'https://cds.climate.copernicus.eu/api')\nsetenv('CDSAPI_KEY', '«{h8}-{h4}-{h4}-{h4}-{h12}»')",
  ],
  [
    'sci90-julia-http-eutils-const-key',
    'using HTTP, JSON3\nconst KEY = "«{h36}»"\nr = HTTP.get("https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esummary.fcgi";\n    query = ["db" => "gene", "id" => "7157", "api_key" => KEY, "retmode" => "json"])',
  ],
  [
    'sci90-julia-mysql-dbinterface-connect',
    'conn = DBInterface.connect(MySQL.Connection, "mysql.lab.uni.edu", "lims_ro", "«{a16}»"; db = "lims")\ndf = DBInterface.execute(conn, "SELECT * FROM plates") |> DataFrame',
  ],
  [
    'sci90-juliahub-auth-toml-tokens',
    '# ~/.julia/servers/juliahub.com/auth.toml\nexpires_at = 17{d8}\naccess_token = "«{h64}»"\nrefresh_token = "«{h64}»"\nuser_name = "mvasquez"',
  ],
  [
    'sci90-mathematica-urlexecute-api-key',
    'key = "«{h32}»";\nres = URLExecute["https://api.springernature.com/meta/v2/json",\n  {"q" -> "subject:Chemistry", "api_key" -> key}, "RawJSON"];',
  ],
  [
    'sci90-wolframalpha-python-client-appid',
    'import wolframalpha\nclient = wolframalpha.Client("«{U6}-{U10}»")\nres = client.query("integrate x^2 sin(x) dx")',
  ],
  [
    'sci90-mathematica-systemcredential-assign',
    'SystemCredential["NOAA_TOKEN"] = "«{L8}{U6}{L9}{U9}»";\ndata = Import["https://www.ncei.noaa.gov/cdo-web/api/v2/datasets", "RawJSON", \n  "Headers" -> {"token" -> SystemCredential["NOAA_TOKEN"]}];',
  ],
  [
    'sci90-qualtrics-api-credentials-r-install',
    'qualtRics::qualtrics_api_credentials(api_key = "«{a40}»",\n  base_url = "uni.ca1.qualtrics.com", install = TRUE)',
  ],
  [
    'sci90-qualtrics-curl-x-api-token',
    'curl -s -X POST -H "X-API-TOKEN: «{a40}»" -H "Content-Type: application/json" \\\n  -d \'{"format":"csv"}\' https://uni.ca1.qualtrics.com/API/v3/surveys/SV_{a15}/export-responses',
  ],
  [
    'sci90-rmarkdown-params-redcap-token',
    '---\ntitle: "Weekly enrollment report"\nparams:\n  redcap_token: "«{H32}»"\n  site: "all"\noutput: html_document\n---',
  ],
  [
    'sci90-r-sys-setenv-github-pat-remotes',
    'Sys.setenv(GITHUB_PAT = "«ghp_{a36}»")\nremotes::install_github("lab-uni/cohortutils@v0.4.2")',
  ],
  ['sci90-labkey-netrc-apikey-password', '# ~/.netrc for Rlabkey\nmachine labkey.uni.edu\nlogin apikey\npassword «apikey|{h32}»'],
  [
    'sci90-rlabkey-setdefaults-apikey',
    'library(Rlabkey)\nlabkey.setDefaults(apiKey = "«apikey|{h32}»", baseUrl = "https://labkey.uni.edu/labkey")\nd <- labkey.selectRows(folderPath = "/Cohorts/2024", schemaName = "study", queryName = "Demographics")',
  ],
  [
    'sci90-labkey-python-apiwrapper-api-key',
    'from labkey.api_wrapper import APIWrapper\napi = APIWrapper("labkey.uni.edu", "Cohorts/2024", "labkey", api_key="«apikey|{h32}»", use_ssl=True)',
  ],
  [
    'sci90-omero-blitzgateway-password-positional',
    'from omero.gateway import BlitzGateway\nconn = BlitzGateway("imaging_ro", "«{a14}»", host="omero.lab.uni.edu", port=4064, secure=True)\nconn.connect()\nimg = conn.getObject("Image", {d6})',
  ],
  ['sci90-omero-cli-login-w-flag', "omero login -s omero.lab.uni.edu -u gpatel -w '«{a14}»' -p 4064"],
  [
    'sci90-bioblend-galaxy-instance-key',
    'from bioblend.galaxy import GalaxyInstance\ngi = GalaxyInstance(url="https://usegalaxy.eu", key="«{h32}»")\nhist = gi.histories.create_history(name="rnaseq-0611")',
  ],
  [
    'sci90-planemo-run-galaxy-user-key-flag',
    'planemo run rnaseq-pe.ga job.yml --engine external_galaxy --galaxy_url https://usegalaxy.org --galaxy_user_key «{h32}» --history_name rnaseq-0611',
  ],
  [
    'sci90-galaxy-yml-id-secret-admin-key-db-url',
    'galaxy:\n  admin_users: admin@lab.uni.edu\n  id_secret: «{a40}»\n  bootstrap_admin_api_key: «{a32}»\n  database_connection: postgresql://galaxy:«{a18}»@localhost/galaxy',
  ],
  [
    'sci90-benchling-sdk-apikeyauth-positional',
    'from benchling_sdk.benchling import Benchling\nfrom benchling_sdk.auth.api_key_auth import ApiKeyAuth\nbenchling = Benchling(url="https://lab.benchling.com", auth_method=ApiKeyAuth("«sk_{a30}»"))',
  ],
  [
    'sci90-benchling-curl-user-basic',
    'curl -s -u «sk_{a30}»: "https://lab.benchling.com/api/v2/dna-sequences?pageSize=50&folderId=lib_{a8}"',
  ],
  [
    'sci90-benchling-app-client-secret-env',
    'BENCHLING_TENANT=lab.benchling.com\nBENCHLING_APP_CLIENT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nBENCHLING_APP_CLIENT_SECRET=«{a32}»',
  ],
  [
    'sci90-xnat-python-connect-password',
    'import xnat\nwith xnat.connect("https://xnat.imaging.uni.edu", user="mri_ro", password="«{a16}»") as session:\n    proj = session.projects["ADNI_LOCAL"]',
  ],
  [
    'sci90-orthanc-json-registered-users',
    '  "AuthenticationEnabled": true,\n  "RegisteredUsers": {\n    "radiology": "«{a16}»"\n  },\n  "DicomAet": "ORTHANC_LAB",',
  ],
  [
    'sci90-pybis-openbis-login-password',
    'from pybis import Openbis\no = Openbis("https://openbis.lab.ethz.ch", verify_certificates=True)\no.login("jdoe", "«{a14}»", save_token=True)',
  ],
  [
    'sci90-castor-edc-client-secret-env',
    'CASTOR_BASE_URL=https://data.castoredc.com\nCASTOR_CLIENT_ID={h8}-{h4}-{h4}-{h4}-{h12}\nCASTOR_CLIENT_SECRET=«{h32}»',
  ],
  [
    'sci90-pyodk-config-toml-password',
    '[central]\nbase_url = "https://odk.fieldlab.org"\nusername = "survey.bot@fieldlab.org"\npassword = "«{a18}»"\ndefault_project_id = 3',
  ],
  [
    'sci90-dhis2-requests-auth-tuple',
    'r = requests.get("https://dhis2.health.gov.xx/api/analytics.json",\n                 params={"dimension": ["dx:Uvn6LCg7dVU", "pe:LAST_12_MONTHS"], "filter": "ou:ImspTQPwCqd"},\n                 auth=("admin", "«{a14}»"))',
  ],
  [
    'sci90-jupyter-ssh-tunnel-job-output-token-url',
    '# slurm-48300112.out\nJupyter started on gpu-a12:8888\nTo connect: ssh -N -L 8888:gpu-a12:8888 hpatel@login.hpc.uni.edu\nthen open http://localhost:8888/lab?token=«{h48}»',
  ],
  [
    'sci90-jupyterhub-api-token-curl-users',
    'curl -s -H "Authorization: token «{h32}»" https://hub.lab.uni.edu/hub/api/users | jq \'.[].name\' ',
  ],
  [
    'sci90-jupyterhub-config-service-api-token',
    'c.JupyterHub.services = [\n    {\n        "name": "idle-culler",\n        "api_token": "«{h32}»",\n        "command": [sys.executable, "-m", "jupyterhub_idle_culler", "--timeout=3600"],\n    }\n]',
  ],
  [
    'sci90-jupyterhub-config-proxy-token-cookie-secret',
    'c.ConfigurableHTTPProxy.auth_token = "«{h64}»"\nc.JupyterHub.cookie_secret = bytes.fromhex("«{h64}»")\nc.JupyterHub.bind_url = "http://:8000"',
  ],
  [
    'sci90-z2jh-helm-values-secret-token-oauth',
    'proxy:\n  secretToken: "«{h64}»"\nhub:\n  config:\n    GitHubOAuthenticator:\n      client_id: {h20}\n      client_secret: «{h40}»\n      oauth_callback_url: https://hub.lab.uni.edu/hub/oauth_callback',
  ],
  [
    'sci90-jupyter-server-config-token-assign',
    '# ~/.jupyter/jupyter_server_config.py\nc.ServerApp.ip = "0.0.0.0"\nc.ServerApp.port = 8890\nc.IdentityProvider.token = "«{h48}»"',
  ],
  [
    'sci90-ipynb-source-json-kaggle-env-lines',
    '   "source": [\n    "import os\\n",\n    "os.environ[\\"KAGGLE_USERNAME\\"] = \\"lchen\\"\\n",\n    "os.environ[\\"KAGGLE_KEY\\"] = \\"«{h32}»\\"\\n",\n    "!kaggle competitions download -c rsna-2024-lumbar-spine-degenerative-classification"\n   ]',
  ],
  [
    'sci90-kaggle-json-cat-home',
    '$ cat ~/.kaggle/kaggle.json\n{"username":"mfarah","key":"«{h32}»"}\n$ kaggle datasets download -d paultimothymooney/chest-xray-pneumonia',
  ],
  [
    'sci90-ipynb-output-text-plain-token-repr',
    '   "outputs": [\n    {\n     "data": {\n      "text/plain": [\n       "\'«{a60}»\'"\n      ]\n     },\n     "execution_count": 7,\n     "metadata": {},\n     "output_type": "execute_result"\n    }',
  ],
  [
    'sci90-jupyter-env-magic-cdsapi-key',
    '%env CDSAPI_URL=https://cds.climate.copernicus.eu/api\n%env CDSAPI_KEY=«{h8}-{h4}-{h4}-{h4}-{h12}»\nimport cdsapi; c = cdsapi.Client()',
  ],
  [
    'sci90-dask-gateway-jupyterhub-auth-api-token',
    'from dask_gateway import Gateway\nfrom dask_gateway.auth import JupyterHubAuth\ngateway = Gateway("https://dask-gateway.pangeo.uni.edu", auth=JupyterHubAuth(api_token="«{h32}»"))',
  ],
  [
    'sci90-docker-run-rocker-password-env',
    'docker run -d -p 8787:8787 -e PASSWORD=«{a16}» -v "$PWD":/home/rstudio/project rocker/tidyverse:4.4.1',
  ],
  [
    'sci90-apptainer-rserver-password-export',
    "export PASSWORD='«{a16}»'\napptainer exec --bind /scratch/$USER:/home/rstudio rstudio_4.4.sif \\\n  rserver --www-port 8787 --auth-none=0 --auth-pam-helper-path=pam-helper --server-user=$USER",
  ],
  [
    'sci90-rstudio-database-conf-postgres-password',
    '# /etc/rstudio/database.conf\nprovider=postgresql\nhost=pg.rsw.uni.edu\ndatabase=rstudio\nport=5432\nusername=rstudio\npassword=«{a20}»',
  ],
  [
    'sci90-dvc-config-local-s3-secret',
    '# .dvc/config.local\n[\'remote "storage"\']\n    access_key_id = {U20}\n    secret_access_key = «{a40}»',
  ],
  [
    'sci90-dvc-remote-modify-webdav-password',
    '$ dvc remote add -d nextcloud webdavs://cloud.lab.uni.edu/remote.php/dav/files/mkh/dvc\n$ dvc remote modify --local nextcloud user mkh\n$ dvc remote modify --local nextcloud password «{a18}»',
  ],
  [
    'sci90-dvc-remote-modify-gdrive-client-secret',
    "dvc remote modify myremote gdrive_client_id '{d12}-{l32}.apps.googleusercontent.com'\ndvc remote modify myremote gdrive_client_secret '«GOCSPX-{B28}»' ",
  ],
  [
    'sci90-dagshub-dvc-remote-basic-password',
    'dvc remote add origin https://dagshub.com/ylin/cell-seg.dvc\ndvc remote modify origin --local auth basic\ndvc remote modify origin --local user ylin\ndvc remote modify origin --local password «{h40}»',
  ],
  [
    'sci90-dagshub-mlflow-tracking-env',
    'export MLFLOW_TRACKING_URI=https://dagshub.com/ylin/cell-seg.mlflow\nexport MLFLOW_TRACKING_USERNAME=ylin\nexport MLFLOW_TRACKING_PASSWORD=«{h40}»',
  ],
  [
    'sci90-mlflow-databricks-token-export',
    'export MLFLOW_TRACKING_URI=databricks\nexport DATABRICKS_HOST=https://adb-{d16}.{d1}.azuredatabricks.net\nexport DATABRICKS_TOKEN=«dapi{h32}»',
  ],
  [
    'sci90-mlflow-server-backend-store-uri-password',
    'mlflow server --host 0.0.0.0 --port 5000 \\\n  --backend-store-uri postgresql://mlflow:«{a18}»@pg.lab.uni.edu/mlflow \\\n  --artifacts-destination s3://lab-mlflow/artifacts',
  ],
  [
    'sci90-neptune-api-token-env-b64-json',
    'NEPTUNE_PROJECT="vision-lab/cell-seg"\nNEPTUNE_API_TOKEN="«eyJhcGlfYWRkcmVzcyI6Imh0dHBzOi8vYXBwLm5lcHR1bmUuYWkiLCJhcGlfdXJsIjoiaHR0cHM6Ly9hcHAubmVwdHVuZS5haSIsImFwaV9rZXkiOiI{B48}In0=»"',
  ],
  ['sci90-comet-config-api-key', '# ~/.comet.config\n[comet]\napi_key = «{a25}»\nworkspace = vision-lab\nproject_name = cell-seg'],
  [
    'sci90-clearml-conf-credentials-secret-key',
    'api {\n    web_server: https://app.clear.ml\n    api_server: https://api.clear.ml\n    files_server: https://files.clear.ml\n    credentials {\n        "access_key" = "{U30}"\n        "secret_key" = "«{a50}»"\n    }\n}',
  ],
  [
    'sci90-s3fs-osn-key-secret-kwargs',
    'fs = s3fs.S3FileSystem(key="{U20}", secret="«{a40}»",\n                       client_kwargs={"endpoint_url": "https://uri.osn.mghpcc.org"})\nds = xr.open_zarr(fs.get_mapper("lab-climate/era5_0p25.zarr"))',
  ],
  [
    'sci90-xarray-gcs-storage-options-token',
    'ds = xr.open_zarr("gs://lab-cmip6/ssp585/tas.zarr",\n                  storage_options={"token": "«ya29.{B140}»", "project": "lab-climate"})',
  ],
  [
    'sci90-rclone-conf-webdav-obscured-pass',
    '[surfdrive]\ntype = webdav\nurl = https://surfdrive.surf.nl/files/remote.php/nonshib-webdav/\nvendor = owncloud\nuser = j.devries@uva.nl\npass = «{B48}»',
  ],
  [
    'sci90-boto-file-gs-secret',
    '# ~/.boto (gsutil HMAC, lab service account)\n[Credentials]\ngs_access_key_id = GOOG1E{U55}\ngs_secret_access_key = «{b40}»',
  ],
  [
    'sci90-condarc-channel-anaconda-token-url',
    'channels:\n  - https://conda.anaconda.org/t/«{l2}-{h8}-{h4}-{h4}-{h4}-{h12}»/lab-private\n  - conda-forge\n  - bioconda\nchannel_priority: strict',
  ],
  [
    'sci90-bash-history-mysql-p-inline',
    "  509  module load mysql/8.0\n  510  cd ~/lims/migrations\n  512  mysql -h mysql.lab.uni.edu -u lims_admin -p'«{a14}»' lims < 2024_06_add_plate_barcode.sql",
  ],
  [
    'sci90-pgpassword-psql-copy-one-liner',
    "PGPASSWORD='«{a18}»' psql -h pg.epi.uni.edu -U analyst -d cohort -c \"\\copy visits to 'visits.csv' csv header\"",
  ],
  ['sci90-pgpass-line-cohort', '$ cat ~/.pgpass\npg.epi.uni.edu:5432:cohort:analyst:«{a18}»\n*:*:*:postgres:«{a18}»'],
  ['sci90-my-cnf-client-password', '# ~/.my.cnf on the analysis VM\n[client]\nuser=lims_ro\npassword=«{a16}»\nhost=mysql.lab.uni.edu'],
  [
    'sci90-sqlalchemy-traceback-engine-url',
    'sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at "pg.epi.uni.edu" (10.12.4.8), port 5432 failed: FATAL:  password authentication failed for user "analyst"\n(Background on this error at: https://sqlalche.me/e/20/e3q8)\n>>> engine.url.render_as_string(hide_password=False)\n\'postgresql+psycopg2://analyst:«{a18}»@pg.epi.uni.edu:5432/cohort\' ',
  ],
  [
    'sci90-curl-verbose-dataverse-key-header-log',
    '> POST /api/datasets/:persistentId/add?persistentId=doi:10.7910/DVN/{U6} HTTP/2\n> Host: dataverse.harvard.edu\n> user-agent: curl/8.5.0\n> x-dataverse-key: «{h8}-{h4}-{h4}-{h4}-{h12}»\n> content-length: 1048812\n< HTTP/2 200',
  ],
  [
    'sci90-pyodbc-connection-string-pwd',
    'cnxn = pyodbc.connect("DRIVER={ODBC Driver 18 for SQL Server};SERVER=edw.hospital.org;DATABASE=CLARITY;UID=svc_research;PWD=«{a20}»;Encrypt=yes")\ndf = pd.read_sql("SELECT TOP 1000 * FROM PAT_ENC", cnxn)',
  ],
  [
    'sci90-oracledb-connect-password-kwarg',
    'conn = oracledb.connect(user="epi_ro", password="«{a18}»", dsn="oracle.hospital.org:1521/EPIPROD")\ncohort = pd.read_sql("select * from epi.cohort_2024", conn)',
  ],
  [
    'sci90-r-dbi-duckdb-attach-postgres-password',
    'dbExecute(con, "INSTALL postgres; LOAD postgres;")\ndbExecute(con, "ATTACH \'dbname=cohort user=analyst password=«{a18}» host=pg.epi.uni.edu\' AS pg (TYPE postgres, READ_ONLY)")',
  ],
  [
    'sci90-julia-odbc-connection-string-pwd',
    'conn = ODBC.Connection("Driver={PostgreSQL Unicode};Server=pg.epi.uni.edu;Port=5432;Database=cohort;Uid=analyst;Pwd=«{a18}»;")\ndf = DBInterface.execute(conn, "SELECT * FROM labs") |> DataFrame',
  ],
  [
    'sci90-intake-catalog-yaml-sql-uri-password',
    'sources:\n  visits:\n    driver: sql\n    args:\n      uri: "postgresql://analyst:«{a18}»@pg.epi.uni.edu/cohort"\n      sql_expr: "SELECT * FROM visits"',
  ],
  [
    'sci90-lab-wiki-shared-accounts-list',
    '## Shared accounts (do not post outside #lab-infra)\n- HPC service account: `labsvc` / `«{a14}»` (login.hpc.uni.edu)\n- REDCap API, pilot study: `«{H32}»`\n- Earthdata mirror: see 1Password vault "lab-data"',
  ],
  [
    'sci90-email-redcap-token-approved',
    'Hi Dr. Alvarez,\n\nYour API token for project 14823 (ADAPT Pilot) has been approved: «{H32}»\nPlease store it securely and do not share it with other study staff.\n\n-- REDCap Support, CTSI',
  ],
  [
    'sci90-chat-zenodo-token-github-release',
    "I set ZENODO_TOKEN to «{a60}» in the repo secrets but the GitHub release still isn't getting archived, any idea why? The webhook shows 401.",
  ],
  [
    'sci90-slack-cds-key-rotation-notice',
    '@channel the new CDS key for the group account is «{h8}-{h4}-{h4}-{h4}-{h12}» -- the old one stops working on 26 Sept, update ~/.cdsapirc on the cluster too.',
  ],
  [
    'sci90-wiki-earthdata-mirror-login',
    'Earthdata login for the lab mirror: user `hydrolab-mirror`, pass `«{a16}»`. Used by the nightly MODIS sync cron on c1-02 (see /etc/cron.d/modis).',
  ],
  [
    'sci90-email-omero-account-temporary-password',
    'Your OMERO account is ready.\nUsername: kwong\nTemporary password: «{a12}»\nPlease change it at first login at https://omero.lab.uni.edu/webclient/',
  ],
  [
    'sci90-chat-jupyter-url-share-token',
    "the notebook is still running, it's at http://gpu-b03.hpc.internal:8890/tree?token=«{h48}» if you want to look at the UMAP before group meeting",
  ],
  [
    'sci90-email-qualtrics-token-handover',
    "Subject: Qualtrics handover\n\nBefore I leave: the lab's Qualtrics API token is «{a40}» (datacenter ca1). Survey IDs for the three waves are in the README.",
  ],
  [
    'sci90-chat-stata-odbc-password-inline',
    'my do-file errors at the odbc line, here\'s what I have: odbc load, table("dbo.enc") dsn("EDW") user("stata_ro") password("«{a16}»") -- it says "data source name not found"',
  ],
  [
    'sci90-wiki-globus-service-secret-paragraph',
    'The archive sync uses a Globus confidential client (ID {h8}-{h4}-{h4}-{h4}-{h12}). Its secret is «{b43}=» -- rotate it in app.globus.org if anyone leaves the group.',
  ],
  [
    'sci90-mailing-list-ftp-upload-credentials',
    'For the consortium upload, use sftp://upload.consortium-genomics.org with username `site07` and password `«{a16}»`. Files must be bgzipped and accompanied by md5 checksums.',
  ],
  [
    'sci90-chat-materials-project-key-error',
    'getting MPRestError: REST query returned with error status code 401 with MPRester("«{a32}»") -- is my key the legacy 16-char one?',
  ],
  [
    'sci90-chat-slurm-jwt-in-question',
    'why does slurmrestd reject this? I export SLURM_JWT=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{B64}.{B43}» and then curl the /jobs endpoint',
  ],
  [
    'sci90-issue-comment-ncbi-key-in-log',
    "```\nHTTPError: HTTP Error 429: Too Many Requests\n  url: https://eutils.ncbi.nlm.nih.gov/entrez/eutils/efetch.fcgi?db=protein&id=P0DTC2&rettype=fasta&api_key=«{h36}»\n```\nEven with the key I'm being rate limited at 10 req/s.",
  ],
  [
    'sci90-chat-orcid-client-secret-prose',
    'our ORCID member API credentials: client id APP-{U16}, secret «{h8}-{h4}-{h4}-{h4}-{h12}». Sandbox ones are separate.',
  ],
  [
    'sci90-lab-onboarding-doc-irods-password',
    '3. Run `iinit` and enter host irods.lab.uni.edu, port 1247, zone labZone, user `rnaseq`, password «{a16}».',
  ],
  [
    'sci90-wiki-benchling-key-table-row',
    '| Service   | Account        | Key |\n|-----------|----------------|-----|\n| Benchling | lims-sync bot  | «sk_{a30}» |',
  ],
  ['sci90-chat-kaggle-key-prose', 'kaggle username is mfarah and the key is «{h32}», the competition data should download with the CLI'],
  [
    'sci90-email-physionet-credentialed-shared-password',
    'Hi all, for the MIMIC reproduction please use the lab PhysioNet account (mimic-lab) with password «{a16}»; do not create individual copies of the data.',
  ],
];

export const BLIND90_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'sci90-neg-zenodo-doi-data-availability',
    'Data availability: raw counts and processed AnnData objects are deposited at Zenodo (https://doi.org/10.5281/zenodo.{d7}); code is archived at https://doi.org/10.5281/zenodo.{d7}.',
  ],
  [
    'sci90-neg-orcid-ids-author-list',
    'authors:\n  - family-names: Okafor\n    given-names: Rita\n    orcid: https://orcid.org/0000-0002-{d4}-{d4}\n  - family-names: Lindqvist\n    given-names: Sofia\n    orcid: https://orcid.org/0000-0001-{d4}-{d3}X',
  ],
  [
    'sci90-neg-fasta-genbank-record',
    '>MN908947.3 Severe acute respiratory syndrome coronavirus 2 isolate Wuhan-Hu-1, complete genome\nATTAAAGGTTTATACCTTCCCAGGTAACAAACCAACCAACTTTCGATCTCTTGTAGATCTGTTCTCTAAACGAAC\nTTTAAAATCTGTGTGGCTGTCACTCGGCTGCATGCTTAGTGCACTCACGCAGTATAATTAATAACTAATTACTGT\nCGTTGACAGGACACGAGTAACTCGTCTATCTTCTGCAGGCTGCTTACGGTTTCGTCCGTGTTGCAGCCGATCATC',
  ],
  [
    'sci90-neg-uniprot-accessions-table',
    '| Accession | Entry name  | Protein                 | Length |\n|-----------|-------------|-------------------------|--------|\n| P0DTC2    | SPIKE_SARS2 | Spike glycoprotein      | 1273   |\n| Q9BYF1    | ACE2_HUMAN  | Angiotensin-converting enzyme 2 | 805 |\n| A0A024R161| A0A024R161_HUMAN | Guanine nucleotide-binding protein | 70 |',
  ],
  [
    'sci90-neg-pymol-pdb-ids-fetch',
    'fetch 6VXX, async=0\nfetch 7KRQ, async=0\nalign 7KRQ and chain A, 6VXX and chain A\npng spike_overlay.png, width=2400, dpi=300, ray=1',
  ],
  [
    'sci90-neg-sra-run-table-accessions',
    'Run,BioSample,Experiment,LibraryLayout,Bases\nSRR{d8},SAMN{d8},SRX{d8},PAIRED,{d10}\nSRR{d8},SAMN{d8},SRX{d8},PAIRED,{d10}\nERR{d7},SAMEA{d7},ERX{d7},SINGLE,{d9}',
  ],
  [
    'sci90-neg-md5sum-bids-dataset',
    '$ cat MD5SUMS\n{h32}  sub-01/anat/sub-01_T1w.nii.gz\n{h32}  sub-02/anat/sub-02_T1w.nii.gz\n{h32}  participants.tsv\n$ md5sum -c MD5SUMS --quiet && echo all good',
  ],
  ['sci90-neg-sha256sum-era5-files', 'SHA256 (era5_t2m_2020.nc) = {h64}\nSHA256 (era5_t2m_2021.nc) = {h64}'],
  [
    'sci90-neg-zenodo-files-api-listing-key-field',
    '{"entries": [{"key": "counts_matrix.h5ad", "file_id": "{h8}-{h4}-{h4}-{h4}-{h12}", "checksum": "md5:{h32}", "size": 734003200, "mimetype": "application/octet-stream", "links": {"content": "https://zenodo.org/api/records/{d8}/files/counts_matrix.h5ad/content"}}]}',
  ],
  [
    'sci90-neg-squeue-output-job-ids',
    '$ squeue -u mlee\n             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n          48213377       gpu  train_v3     mlee  R    3:12:44      1 gpu-a12\n     48213390_[4-64]    normal blast_nr     mlee PD       0:00      1 (QOSMaxJobsPerUserLimit)',
  ],
  [
    'sci90-neg-sacct-output-maxrss',
    '$ sacct -j 48213377 --format=JobID,JobName,Elapsed,MaxRSS,State,ExitCode\nJobID           JobName    Elapsed     MaxRSS      State ExitCode\n------------ ---------- ---------- ---------- ---------- --------\n48213377       train_v3   06:41:02              COMPLETED      0:0\n48213377.ba+      batch   06:41:02  61245312K  COMPLETED      0:0',
  ],
  [
    'sci90-neg-random-seeds-across-languages',
    "set.seed(20240611)          # R\nrng = np.random.default_rng(1729)   # Python\ntorch.manual_seed(3141592653)\nRandom.seed!(8675309)       # Julia\nrng(42, 'twister')          % MATLAB",
  ],
  [
    'sci90-neg-mlflow-run-id-experiment-id',
    '2024/06/11 14:02:19 INFO mlflow.tracking._tracking_service.client: View run bright-owl-417 at: https://mlflow.lab.uni.edu/#/experiments/{d18}/runs/{h32}\n>>> mlflow.get_run("{h32}").data.metrics["val_dice"]\n0.8731',
  ],
  ['sci90-neg-dvc-file-md5-outs', 'outs:\n- md5: {h32}.dir\n  size: 48213377024\n  nfiles: 1284\n  hash: md5\n  path: data/raw'],
  [
    'sci90-neg-dvc-lock-stage-deps',
    "schema: '2.0'\nstages:\n  preprocess:\n    cmd: python src/preprocess.py\n    deps:\n    - path: src/preprocess.py\n      hash: md5\n      md5: {h32}\n      size: 4821",
  ],
  [
    'sci90-neg-renv-lock-hash-fields',
    '    "DBI": {\n      "Package": "DBI",\n      "Version": "1.2.3",\n      "Source": "Repository",\n      "Repository": "CRAN",\n      "Hash": "{h32}"\n    },',
  ],
  [
    'sci90-neg-conda-explicit-lock-sha256',
    '# platform: linux-64\n@EXPLICIT\nhttps://conda.anaconda.org/conda-forge/linux-64/numpy-1.26.4-py311h64a7726_0.conda#{h32}\nhttps://conda.anaconda.org/bioconda/noarch/snakemake-minimal-8.14.0-pyhdfd78af_0.tar.bz2#{h32}',
  ],
  [
    'sci90-neg-galaxy-encoded-dataset-ids',
    ">>> gi.datasets.download_dataset(\"{h16}\", file_path=\"out/\", use_default_filename=True)\n>>> gi.histories.show_history(\"{h16}\", contents=True)[:2]\n[{'id': '{h16}', 'name': 'trimmed_R1.fastq.gz', 'state': 'ok', 'hid': 3}, {'id': '{h16}', 'name': 'trimmed_R2.fastq.gz', 'state': 'ok', 'hid': 4}]",
  ],
  [
    'sci90-neg-globus-transfer-collection-uuids',
    '$ globus transfer {h8}-{h4}-{h4}-{h4}-{h12}:/project/lab/run42/ {h8}-{h4}-{h4}-{h4}-{h12}:/~/archive/run42/ --recursive --label "run42 archive"\nMessage: The transfer has been accepted and a task has been created and queued for execution\nTask ID: {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'sci90-neg-inchikey-smiles-compound-table',
    'name,smiles,inchikey,pubchem_cid\ncaffeine,CN1C=NC2=C1C(=O)N(C(=O)N2C)C,RYYVLZVUVIJVGH-UHFFFAOYSA-N,2519\naspirin,CC(=O)OC1=CC=CC=C1C(=O)O,BSYNRYMUTXBXSQ-UHFFFAOYSA-N,2244\ncompound_17,{U2}C1=CC=CC=C1,{U14}-{U8}SA-N,{d8}',
  ],
  [
    'sci90-neg-semantic-scholar-paper-ids-json',
    '{"paperId": "{h40}", "externalIds": {"DOI": "10.1038/s41586-021-03819-2", "CorpusId": {d9}, "PubMed": "34265844"}, "title": "Highly accurate protein structure prediction with AlphaFold", "year": 2021}',
  ],
  [
    'sci90-neg-kaggle-json-angle-placeholder',
    'Create ~/.kaggle/kaggle.json with:\n{"username":"<kaggle-username>","key":"<api-key-from-account-settings>"}\nthen chmod 600 ~/.kaggle/kaggle.json',
  ],
  [
    'sci90-neg-cdsapirc-docs-template',
    '# ~/.cdsapirc  -- copy from https://cds.climate.copernicus.eu/how-to-api\nurl: https://cds.climate.copernicus.eu/api\nkey: <PERSONAL-ACCESS-TOKEN>',
  ],
  [
    'sci90-neg-renviron-empty-and-sys-getenv',
    '# ~/.Renviron  (values filled in per machine, never committed)\nREDCAP_TOKEN_PILOT=\n# in scripts:\ntoken <- Sys.getenv("REDCAP_TOKEN_PILOT")\nstopifnot(nchar(token) == 32)',
  ],
  [
    'sci90-neg-keyring-key-get-and-prompt',
    'token <- keyring::key_get(service = "redcapAPI", username = "tbi_cohort")\npw <- rstudioapi::askForPassword("Warehouse password")\ncon <- DBI::dbConnect(RPostgres::Postgres(), host = "pg.epi.uni.edu", user = "analyst", password = pw)',
  ],
  [
    'sci90-neg-entrez-api-key-os-environ',
    'Entrez.email = os.environ["NCBI_EMAIL"]\nEntrez.api_key = os.environ["NCBI_API_KEY"]  # 36 hex chars, from My NCBI > Account settings',
  ],
  [
    'sci90-neg-earthaccess-login-netrc-strategy',
    'import earthaccess\nauth = earthaccess.login(strategy="netrc")   # reads machine urs.earthdata.nasa.gov from ~/.netrc\nresults = earthaccess.search_data(short_name="MOD09GA", temporal=("2024-06-01", "2024-06-07"), bounding_box=(-119, 36, -118, 37))',
  ],
  [
    'sci90-neg-munge-key-generation-commands',
    'sudo -u munge /usr/sbin/mungekey --verbose\nmungekey: Info: Created "/etc/munge/munge.key" with 1024-byte key\nsudo chmod 0400 /etc/munge/munge.key && sudo systemctl restart munge\nmunge -n | ssh c2-14 unmunge | grep STATUS',
  ],
  [
    'sci90-neg-slurm-conf-auth-section',
    'AuthType=auth/munge\nAuthAltTypes=auth/jwt\nAuthAltParameters=jwt_key=/var/spool/slurm/statesave/jwt_hs256.key\nCredType=cred/munge\nAccountingStorageType=accounting_storage/slurmdbd\nAccountingStorageHost=slurmdb01',
  ],
  [
    'sci90-neg-jupyter-url-env-token-reference',
    'echo "open http://localhost:${PORT}/lab?token=${JUPYTER_TOKEN}"\njupyter lab --no-browser --port=${PORT} --ip=$(hostname -s) --IdentityProvider.token="${JUPYTER_TOKEN}"',
  ],
  [
    'sci90-neg-jupyterhub-config-env-api-token',
    'c.JupyterHub.services = [\n    {"name": "idle-culler", "api_token": os.environ["CULLER_API_TOKEN"]},\n]\nc.JupyterHub.cookie_secret_file = "/srv/jupyterhub/jupyterhub_cookie_secret"',
  ],
  [
    'sci90-neg-ipywidgets-model-id-output',
    '     "data": {\n      "application/vnd.jupyter.widget-view+json": {\n       "model_id": "{h32}",\n       "version_major": 2,\n       "version_minor": 0\n      },',
  ],
  [
    'sci90-neg-comet-experiment-key-url',
    'COMET INFO: Experiment is live on comet.com https://www.comet.com/vision-lab/cell-seg/{h32}\nCOMET INFO: Uploading metrics, params, and assets to Comet before program termination',
  ],
  [
    'sci90-neg-cluster-etc-hosts',
    '10.12.0.10   login01.hpc.uni.edu login01\n10.12.0.11   login02.hpc.uni.edu login02\n10.12.4.8    pg.epi.uni.edu\n10.12.8.21   gpu-a12.hpc.internal gpu-a12',
  ],
  [
    'sci90-neg-public-open-data-buckets',
    'aws s3 ls --no-sign-request s3://noaa-goes16/ABI-L2-CMIPF/2024/163/\naws s3 cp --no-sign-request s3://sentinel-cogs/sentinel-s2-l2a-cogs/32/T/QM/2023/6/S2A_32TQM_20230615_0_L2A/B04.tif .\nhttps://registry.opendata.aws/1000-genomes/',
  ],
  [
    'sci90-neg-earthdata-granule-and-scene-ids',
    'MOD09GA.A2024153.h08v05.061.2024155031247.hdf\nS2A_MSIL2A_20230615T102031_N0509_R065_T32TQM_20230615T160123.SAFE\nLC08_L2SP_044034_20230612_20230621_02_T1',
  ],
  [
    'sci90-neg-rocker-image-digest',
    'FROM rocker/tidyverse:4.4.1@sha256:{h64}\nRUN install2.r --error --skipinstalled REDCapR keyring zen4R',
  ],
  [
    'sci90-neg-apptainer-pull-sha256-log',
    'INFO:    Converting OCI blobs to SIF format\nINFO:    Starting build...\nGetting image source signatures\nCopying blob sha256:{h64}\nCopying config sha256:{h64}',
  ],
  [
    'sci90-neg-methods-commit-hash-citation',
    'All analyses were run with the pipeline at commit {h40} (tag v2.3.1) on the university cluster using Slurm 23.11.',
  ],
  [
    'sci90-neg-geo-ensembl-ids',
    'GSE{d6} / GSM{d7}: bulk RNA-seq of organoids\ntop DE genes: ENSG00000141510 (TP53), ENSG{d11}, ENSMUSG{d11}',
  ],
  ['sci90-neg-pubmed-arxiv-identifiers', 'refs: PMID:34265844, PMCID:PMC8371605, arXiv:2405.{d5}v2, doi:10.1101/2024.05.{d2}.{d6}'],
  [
    'sci90-neg-qualtrics-survey-response-ids',
    'ResponseId,SurveyID,StartDate,Finished\nR_{a15},SV_{a15},2024-05-02 10:14:55,1\nR_{a15},SV_{a15},2024-05-02 10:21:09,1',
  ],
  [
    'sci90-neg-redcap-token-sys-getenv-curl',
    'curl -X POST "$REDCAP_URI" -d "token=$REDCAP_TOKEN" -d content=record -d format=csv -d \'records[0]=1001\' ',
  ],
  [
    'sci90-neg-benchling-entity-ids',
    '{"id": "seq_{a8}", "name": "pUC19-GFP", "folderId": "lib_{a8}", "entryId": "etr_{a8}", "schemaId": "ts_{a8}", "registryId": "src_{a8}"}',
  ],
  [
    'sci90-neg-omero-image-ids-urls',
    'https://omero.lab.uni.edu/webclient/?show=image-{d6}\nhttps://omero.lab.uni.edu/webgateway/render_thumbnail/{d6}/96/\nDataset:{d5} Project:{d4}',
  ],
  ['sci90-neg-labkey-netrc-template', 'machine labkey.uni.edu\nlogin apikey\npassword apikey|<generated on the API Keys page>'],
  [
    'sci90-neg-materials-project-ids',
    'mp-149  Si     Fd-3m   band gap 0.61 eV\nmp-{d5} LiFePO4 Pnma   e_above_hull 0.000\ntask_id: mp-{d7}',
  ],
  [
    'sci90-neg-zenodo-json-metadata',
    '{\n  "upload_type": "dataset",\n  "title": "Soil respiration chamber measurements 2019-2023",\n  "creators": [{"name": "Okafor, Rita", "orcid": "0000-0002-{d4}-{d4}", "affiliation": "Uni"}],\n  "related_identifiers": [{"identifier": "10.5281/zenodo.{d7}", "relation": "isNewVersionOf"}]\n}',
  ],
  [
    'sci90-neg-datacite-doi-json-ids',
    '{"data": {"id": "10.{d5}/{l4}-{l4}", "type": "dois", "attributes": {"prefix": "10.{d5}", "suffix": "{l4}-{l4}", "state": "findable", "clientId": "univ.geodata"}}}',
  ],
  [
    'sci90-neg-figshare-file-computed-md5',
    '{"id": {d8}, "name": "plate07_segmentation.zip", "size": 2147483648, "computed_md5": "{h32}", "supplied_md5": "{h32}", "download_url": "https://ndownloader.figshare.com/files/{d8}"}',
  ],
  [
    'sci90-neg-osf-guid-commands',
    'osf -p {l5} clone ./osf-mirror\nosf -p {l5} fetch data/raw/session1.csv\n# project page: https://osf.io/{l5}/ , preregistration: https://osf.io/{l5}',
  ],
  [
    'sci90-neg-dataverse-persistent-id-file-id',
    'curl -L -o counts.tab "https://dataverse.harvard.edu/api/access/datafile/{d7}"\npersistentId=doi:10.7910/DVN/{U6}',
  ],
  [
    'sci90-neg-pbs-qstat-job-ids',
    "$ qstat -u jsantos\npbs01:\n                                                            Req'd  Req'd   Elap\nJob ID          Username Queue    Jobname    SessID NDS TSK Memory Time  S Time\n--------------- -------- -------- ---------- ------ --- --- ------ ----- - -----\n{d7}.pbs01      jsantos  workq    modis_sync  {d5}   1   4   16gb 12:00 R 03:12",
  ],
  [
    'sci90-neg-module-avail-output',
    '$ module avail gurobi matlab\n------------------------ /apps/modulefiles ------------------------\n   gurobi/10.0.3    gurobi/11.0 (D)    matlab/R2023b    matlab/R2024a (D)',
  ],
  [
    'sci90-neg-nextflow-run-log-hashes',
    'N E X T F L O W  ~  version 24.04.2\nLaunching `https://github.com/nf-core/rnaseq` [agitated_curie] DSL2 - revision: {h10} [3.14.0]\n[3f/{h6}] NFCORE_RNASEQ:RNASEQ:FASTQC (SRR{d8})       [100%] 24 of 24 ✔\n[a1/{h6}] NFCORE_RNASEQ:RNASEQ:STAR_ALIGN (SRR{d8})   [ 45%] 11 of 24',
  ],
  [
    'sci90-neg-slurm-array-env-vars',
    'SLURM_JOB_ID=48213402\nSLURM_ARRAY_JOB_ID=48213390\nSLURM_ARRAY_TASK_ID=12\nSLURM_JOB_NODELIST=c2-[14-15]\nSLURM_SUBMIT_DIR=/home/mlee/blast',
  ],
  [
    'sci90-neg-ssh-known-hosts-fingerprint',
    "The authenticity of host 'login.hpc.uni.edu (10.12.0.10)' can't be established.\nED25519 key fingerprint is SHA256:{b43}.\nThis key is not known by any other names.",
  ],
  [
    'sci90-neg-ssh-public-key-authorized-keys',
    'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} mlee@laptop\n# add this to ~/.ssh/authorized_keys on login.hpc.uni.edu',
  ],
  [
    'sci90-neg-cmip6-tracking-id-attrs',
    '// global attributes:\n\t\t:mip_era = "CMIP6" ;\n\t\t:source_id = "CESM2" ;\n\t\t:tracking_id = "hdl:21.14100/{h8}-{h4}-{h4}-{h4}-{h12}" ;\n\t\t:variant_label = "r1i1p1f1" ;',
  ],
  [
    'sci90-neg-knitr-data-uri-figure',
    '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAyAAAAJYCAYAAAC{b120}" alt="Figure 2: enrollment by site" width="672" />',
  ],
  [
    'sci90-neg-stata-seed-and-ssc',
    'set seed 12345\nssc install estout, replace\nbootstrap r(mean), reps(1000) seed(20240611): summarize hba1c',
  ],
  [
    'sci90-neg-julia-project-toml-uuid',
    'name = "CohortTools"\nuuid = "{h8}-{h4}-{h4}-{h4}-{h12}"\nauthors = ["Rita Okafor <r.okafor@uni.edu>"]\nversion = "0.3.1"',
  ],
  [
    'sci90-neg-mathematica-appid-placeholder',
    '$WolframAlphaAppID = "<APPID from developer.wolframalpha.com>";\nWolframAlpha["integrate x^2 sin(x)", "Result", AppID -> $WolframAlphaAppID]',
  ],
  [
    'sci90-neg-dvc-gha-secret-reference',
    '      - run: dvc remote modify --local storage secret_access_key ${{ secrets.DVC_S3_SECRET }}\n      - run: dvc pull -r storage data/processed',
  ],
  [
    'sci90-neg-mlflow-password-from-secret-file',
    'export MLFLOW_TRACKING_USERNAME=svc-train\nexport MLFLOW_TRACKING_PASSWORD="$(cat /run/secrets/mlflow_pw)"',
  ],
  [
    'sci90-neg-cdsapirc-written-from-ci-env',
    'echo "url: https://cds.climate.copernicus.eu/api" > ~/.cdsapirc\necho "key: ${CDSAPI_KEY}" >> ~/.cdsapirc',
  ],
  ['sci90-neg-sshpass-password-file', 'sshpass -f ~/.config/hpc/passfile rsync -az results/ vkumar@dtn.hpc.uni.edu:/project/lab/results/'],
  [
    'sci90-neg-lab-wiki-where-tokens-live',
    'Ask Maria for access to the REDCap project; never paste API tokens in Slack. Tokens live in the 1Password vault "Clinical-Data", entry "REDCap - ADAPT Pilot (project 14823)".',
  ],
  [
    'sci90-neg-chat-job-oom-seed',
    'job 48213377 died with exit code 137 (OOM) on c2-14 after 6h41m, seed 1729, --mem=64G. MaxRSS was 61245312K so bumping to 96G.',
  ],
  [
    'sci90-neg-hpc-docs-ncbi-key-template',
    'export NCBI_API_KEY=<36-character key from My NCBI>   # raises the E-utilities limit to 10 requests/s',
  ],
  [
    'sci90-neg-era5-request-dict',
    'request = {\n    "product_type": ["reanalysis"],\n    "variable": ["2m_temperature", "total_precipitation"],\n    "year": ["2020"], "month": ["06"], "day": [f"{d:02d}" for d in range(1, 31)],\n    "time": ["00:00", "12:00"], "data_format": "netcdf", "area": [60, -10, 35, 30],\n}',
  ],
  [
    'sci90-neg-qualtrics-credentials-from-env',
    'qualtRics::qualtrics_api_credentials(api_key = Sys.getenv("QUALTRICS_API_KEY"),\n  base_url = Sys.getenv("QUALTRICS_BASE_URL"))',
  ],
  [
    'sci90-neg-jupyter-server-token-disabled-password-required',
    'c.IdentityProvider.token = ""\nc.PasswordIdentityProvider.password_required = True\nc.ServerApp.allow_remote_access = False',
  ],
  [
    'sci90-neg-sam-header-sq-m5',
    '@HD\tVN:1.6\tSO:coordinate\n@SQ\tSN:chr1\tLN:248956422\tM5:{h32}\tUR:file:/ref/GRCh38.fa\n@SQ\tSN:chr2\tLN:242193529\tM5:{h32}\tUR:file:/ref/GRCh38.fa\n@PG\tID:bwa\tPN:bwa\tVN:0.7.17-r1188',
  ],
  [
    'sci90-neg-illumina-read-names-indexes',
    '@A00123:456:H{U4}DSXY:1:1101:{d5}:{d4} 1:N:0:ATTACTCG+TATAGCCT\nGATCGGAAGAGCACACGTCTGAACTCCAGTCACATTACTCGATCTCGTATGCCGTCTTCTGCTTG\n+\nFFFFFFFFFFFF:FFFFFFFFFFFFFFFFFFFFFFF,FFFFFFFFFFFFFFFFFFFFFFFFFFFFF',
  ],
  [
    'sci90-neg-tenx-barcodes-tsv',
    '$ zcat filtered_feature_bc_matrix/barcodes.tsv.gz | head -3\nAAACCTGAGAAACCAT-1\nAAACCTGAGAAACCTA-1\nAAACCTGAGAAGAAGC-1',
  ],
  [
    'sci90-neg-pride-and-ebi-accessions',
    'Mass spectrometry data: PRIDE PXD{d6}; metabolomics: MetaboLights MTBLS{d4}; imaging: BioImage Archive S-BIAD{d3}; structures: EMDB EMD-{d5}.',
  ],
  [
    'sci90-neg-vcf-header-contig-md5',
    '##fileformat=VCFv4.2\n##reference=file:///ref/GRCh38_full_analysis_set_plus_decoy_hla.fa\n##contig=<ID=chr1,length=248956422,md5={h32}>\n##contig=<ID=chr2,length=242193529,md5={h32}>',
  ],
  [
    'sci90-neg-gpg-release-signature-fingerprint',
    'gpg --verify dataset_v2.tar.gz.asc dataset_v2.tar.gz\ngpg: Signature made Tue 11 Jun 2024 09:14:02 CEST\ngpg:                using RSA key {H40}\ngpg: Good signature from "Lab Data Releases <data@lab.uni.edu>"',
  ],
  ['sci90-neg-synapse-entity-ids-and-md5', 'syn{d8}  counts/raw_counts.tsv   md5 {h32}\nsyn{d8}  metadata/samples.csv    md5 {h32}'],
  [
    'sci90-neg-globus-transfer-task-event-log',
    'Task ID: {h8}-{h4}-{h4}-{h4}-{h12}\nLabel: run42 archive\nStatus: SUCCEEDED\nBytes Transferred: 1099511627776\nSource Endpoint: NERSC DTN ({h8}-{h4}-{h4}-{h4}-{h12})',
  ],
  [
    'sci90-neg-sas-pwencode-docs-placeholder',
    '/* run once, paste the {SAS002} string into the autoexec, never the clear text */\nproc pwencode in="&clearpw" method=sas002; run;\nlibname ora oracle user=epi_ro password="&encpw" path=EPIPROD;',
  ],
  [
    'sci90-neg-matlab-getsecret-call',
    "% R2024a+: stored once with setSecret(\"labApiToken\")\ntok = getSecret(\"labApiToken\");\nopts = weboptions('HeaderFields', {'Authorization', ['Bearer ' tok]});",
  ],
  [
    'sci90-neg-irods-environment-json-no-password',
    '{\n    "irods_host": "irods.lab.uni.edu",\n    "irods_port": 1247,\n    "irods_user_name": "rnaseq",\n    "irods_zone_name": "labZone",\n    "irods_authentication_scheme": "native"\n}',
  ],
  [
    'sci90-neg-rsconnect-deploy-log-content-guid',
    'Deploying bundle: {d7} for server: https://connect.lab.uni.edu/\nApplication successfully deployed to https://connect.lab.uni.edu/content/{h8}-{h4}-{h4}-{h4}-{h12}/\nBundle ID: {d7}, content GUID: {h8}-{h4}-{h4}-{h4}-{h12}',
  ],
];
